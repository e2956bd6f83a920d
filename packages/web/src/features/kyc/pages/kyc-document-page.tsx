import '../kyc.css';
import { type KycApplication, KycStatus, ReviewStatus } from '@tradewind/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useFileBlob } from '../../../api/get-file-blob';
import { Link } from '../../../lib/router/router';
import { SelectField } from '../../../components/form/select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { SegmentedControl } from '../../../components/segmented-control';
import { useAppNavigate } from '../../../lib/navigation';
import { useUserInfo } from '../../../api/session/get-user-info';
import { showSuccessToast } from '../../../lib/toast';
import { useAreas } from '../api/get-areas';
import { useKycInfo } from '../api/get-kyc-info';
import { useSubmitKyc } from '../api/submit-kyc';
import { ImagePicker, type PickedImage } from '../../../components/image-picker/image-picker';
import { useKycTranslation } from '../i18n/use-kyc-translation';
import { type CountryOption, countryOptions } from '../utils/countries';
import { type DocumentType, type KycFields, type KycProblem, NAME_MAX, checkKyc } from '../utils/document';
import { kycPaths } from '../utils/routes';

type Problems = Partial<Record<keyof KycFields | 'front' | 'back', KycProblem>>;

/**
 * One image of the refused application, put back in the form once its bytes are here (the upload is
 * the owner's, so it can be sent again); unless the user has already picked or removed that image.
 * Answers whether it could not be read (then the user uploads it again).
 */
function usePreviousImage(url: string | null, touched: boolean, put: (image: PickedImage) => void): boolean {
  const image = useFileBlob(url);
  const blob = image.data;
  useEffect(() => {
    // Once the user has picked or removed this image, it is theirs.
    if (url && blob && !touched) put({ url, file: blob });
  }, [url, blob, touched, put]);
  return image.isError;
}

/** The document kind, as two tabs that switch between the ID-card and passport routes. */
function DocumentTypeSwitch({ type }: { type: DocumentType }) {
  const { t } = useKycTranslation();
  const navigate = useAppNavigate();
  return (
    <div className="section">
      <SegmentedControl<DocumentType>
        label={t('form.documentType')}
        className="segmented-tabs"
        value={type}
        onChange={(next) => navigate(next === 'idcard' ? kycPaths.idCard : kycPaths.passport, { replace: true })}
        options={[
          { value: 'idcard', label: t('start.idCard') },
          { value: 'passport', label: t('start.passport') },
        ]}
      />
    </div>
  );
}

interface PersonalSectionProps {
  fields: KycFields;
  problems: Problems;
  countries: CountryOption[];
  countriesLoaded: boolean;
  onChange: (field: keyof KycFields, value: string) => void;
}

/** The names as on the document, and the country. */
function PersonalSection({ fields, problems, countries, countriesLoaded, onChange }: PersonalSectionProps) {
  const { t } = useKycTranslation();
  const message = (field: keyof Problems) => (problems[field] ? t(`validation.${problems[field]}`) : undefined);
  return (
    <section className="section card kyc-card" aria-labelledby="kyc-personal">
      <h2 id="kyc-personal" className="kyc-card-title">
        {t('form.personal')}
      </h2>
      <TextField
        label={t('form.firstName')}
        name="firstName"
        autoComplete="given-name"
        maxLength={NAME_MAX}
        placeholder={t('form.asOnDocument')}
        value={fields.firstName}
        onChange={(value) => onChange('firstName', value)}
        error={message('firstName')}
      />
      <TextField
        label={t('form.lastName')}
        name="lastName"
        autoComplete="family-name"
        maxLength={NAME_MAX}
        placeholder={t('form.asOnDocument')}
        value={fields.lastName}
        onChange={(value) => onChange('lastName', value)}
        error={message('lastName')}
      />
      <div className={problems.country ? 'kyc-select kyc-select-invalid' : 'kyc-select'}>
        <SelectField
          label={t('form.country')}
          name="country"
          value={fields.country}
          onChange={(value) => onChange('country', value)}
          options={[{ value: '', label: countriesLoaded ? t('form.countryPlaceholder') : t('form.countriesLoading') }, ...countries.map((c) => ({ value: c.code, label: c.name }))]}
        />
        {problems.country ? (
          <p className="field-error" role="alert">
            {message('country')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function KycForm({ type, previous }: { type: DocumentType; previous: KycApplication | null }) {
  const { t, language } = useKycTranslation();
  const navigate = useAppNavigate();
  const areas = useAreas();
  const submit = useSubmitKyc();
  // A retry after a refusal starts from what was sent: the names and country always, the number and
  // images when it is the same kind of document.
  const sameDocument = previous !== null && previous.documentType === type;
  const [fields, setFields] = useState<KycFields>({
    firstName: previous?.firstName ?? '',
    lastName: previous?.lastName ?? '',
    country: previous?.country ?? '',
    documentNumber: sameDocument ? previous.documentNumber : '',
  });
  const [front, setFront] = useState<PickedImage | null>(null);
  const [back, setBack] = useState<PickedImage | null>(null);
  const [frontTouched, setFrontTouched] = useState(false);
  const [backTouched, setBackTouched] = useState(false);
  const frontMissing = usePreviousImage(sameDocument ? previous.frontUrl : null, frontTouched, setFront);
  const backMissing = usePreviousImage(sameDocument && type === 'idcard' ? previous.backUrl : null, backTouched, setBack);
  const [frontUploading, setFrontUploading] = useState(false);
  const [backUploading, setBackUploading] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const idCard = type === 'idcard';

  const set = (field: keyof KycFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const message = (field: keyof Problems) => (problems[field] ? t(`validation.${problems[field]}`) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkKyc(type, fields, { front: front !== null, back: back !== null });
    setProblems(found);
    if (Object.keys(found).length > 0 || !front) return;
    submit.mutate(
      {
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        country: fields.country,
        documentType: type,
        documentNumber: fields.documentNumber.trim(),
        frontUrl: front.url,
        ...(idCard && back ? { backUrl: back.url } : {}),
      },
      {
        onSuccess: () => {
          showSuccessToast(t('form.submitted'));
          navigate(kycPaths.index, { replace: true });
        },
      },
    );
  };

  const countries = countryOptions(areas.data ?? [], language);
  return (
    <form className="kyc-form" onSubmit={onSubmit} noValidate>
      {previous ? (
        <div className="section card kyc-card kyc-prefilled" role="note">
          <p>{sameDocument ? t('form.prefilled') : t('form.prefilledOtherDocument')}</p>
          {frontMissing || backMissing ? <p>{t('form.prefilledImagesMissing')}</p> : null}
        </div>
      ) : null}
      <DocumentTypeSwitch type={type} />
      <PersonalSection fields={fields} problems={problems} countries={countries} countriesLoaded={areas.data !== undefined} onChange={set} />
      <section className="section card kyc-card" aria-labelledby="kyc-document">
        <h2 id="kyc-document" className="kyc-card-title">
          {idCard ? t('form.idCardTitle') : t('form.passportTitle')}
        </h2>
        <TextField
          label={idCard ? t('form.idNumber') : t('form.passportNumber')}
          name="documentNumber"
          autoComplete="off"
          maxLength={30}
          placeholder={t('form.numberPlaceholder')}
          value={fields.documentNumber}
          onChange={(value) => set('documentNumber', value)}
          error={message('documentNumber')}
        />
        <div className={idCard ? 'kyc-images' : undefined}>
          <ImagePicker
            label={idCard ? t('form.front') : t('form.photoPage')}
            prompt={idCard ? t('form.frontPrompt') : t('form.photoPagePrompt')}
            value={front}
            onChange={(image) => {
              setFrontTouched(true);
              setFront(image);
              setProblems((current) => ({ ...current, front: undefined }));
            }}
            error={message('front')}
            onUploadingChange={setFrontUploading}
          />
          {idCard ? (
            <ImagePicker
              label={t('form.back')}
              prompt={t('form.backPrompt')}
              value={back}
              onChange={(image) => {
                setBackTouched(true);
                setBack(image);
                setProblems((current) => ({ ...current, back: undefined }));
              }}
              error={message('back')}
              onUploadingChange={setBackUploading}
            />
          ) : null}
        </div>
        <p className="kyc-note">{t('form.imageHint')}</p>
      </section>
      <div className="section kyc-submit">
        <SubmitButton loading={submit.isPending || frontUploading || backUploading}>{t('form.submit')}</SubmitButton>
        <p className="kyc-note">{t('start.reviewTime')}</p>
      </div>
    </form>
  );
}

/** While under review or once verified there is nothing to submit: say so and lead back to the status. */
function NothingToSubmit({ status }: { status: KycStatus }) {
  const { t } = useKycTranslation();
  return (
    <div className="section card kyc-card kyc-blocked" role="status">
      <p>{status === KycStatus.Verified ? t('status.verifiedTitle') : t('status.pendingTitle')}</p>
      <Link className="text-button" to={kycPaths.index}>
        {t('form.backToStatus')}
      </Link>
    </div>
  );
}

function KycDocumentPage({ type }: { type: DocumentType }) {
  const { data: user } = useUserInfo();
  const info = useKycInfo();
  const status = user?.kycStatus;
  if (status === KycStatus.Pending || status === KycStatus.Verified) return <NothingToSubmit status={status} />;
  // After a refusal the form opens with the refused application (the server answers it to its owner only).
  const refused = status === KycStatus.Failed && info.data?.status === ReviewStatus.Failed ? info.data : null;
  if (status === KycStatus.Failed && info.isPending) return <div className="section" role="status" aria-busy="true" />;
  return <KycForm key={`${type}-${refused?.id ?? 'new'}`} type={type} previous={refused} />;
}

/** SPEC §2 `/pages/kycverify/idcard`: names, country, ID-card number, front and back images. */
export function KycIdCardPage() {
  return <KycDocumentPage type="idcard" />;
}

/** SPEC §2 `/pages/kycverify/passport`: names, country, passport number and the photo page. */
export function KycPassportPage() {
  return <KycDocumentPage type="passport" />;
}
