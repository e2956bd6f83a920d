import { useFileBlob } from '../../../api/get-file-blob';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { useObjectUrl } from '../../../hooks/use-object-url';

/** A private upload (a deposit credential) fetched with the session token and shown from an object URL. */
export function PrivateImage({ url, label }: { url: string; label: string }) {
  const { t } = useFundingTranslation();
  const image = useFileBlob(url);
  const objectUrl = useObjectUrl(image.data);
  if (image.isError) return <p className="fd-image-missing">{t('records.imageUnavailable')}</p>;
  if (!objectUrl) return <div className="fd-image-loading" role="status" aria-label={t('records.imageLoading')} />;
  return <img className="fd-record-image" src={objectUrl} alt={label} />;
}
