import { type ChangeEvent, useId, useState } from 'react';
import { CloseIcon } from '../../../components/icons/icons';
import { useUploadImage } from '../api/upload-image';
import { useKycTranslation } from '../i18n/use-kyc-translation';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, compressImage } from '../utils/compress-image';
import { useObjectUrl } from './use-object-url';

/** An image the server has: its private URL, and the bytes that went up for the preview. */
export interface PickedImage {
  url: string;
  file: Blob;
}

interface ImagePickerProps {
  /** Names the file input (and the preview) for screen readers and tests. */
  label: string;
  /** What to do, shown in the empty tile. */
  prompt: string;
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  /** Already translated, e.g. "Please upload your credentials first". */
  error?: string | undefined;
}

/**
 * SPEC §5 image upload: one image from the album, compressed on the phone, at most 5 MB ("The size
 * cannot exceed 5M" above it), uploaded at once with a progress bar and shown from the bytes sent.
 */
export function ImagePicker({ label, prompt, value, onChange, error }: ImagePickerProps) {
  const { t } = useKycTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const upload = useUploadImage();
  const [sending, setSending] = useState<{ file: Blob; progress: number } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const shown = sending?.file ?? value?.file ?? null;
  const preview = useObjectUrl(shown);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // The same file can be picked again after a failure.
    event.target.value = '';
    if (!picked) return;
    setTooLarge(false);
    const file = await compressImage(picked);
    if (file.size > UPLOAD_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    setSending({ file, progress: 0 });
    upload.mutate(
      { file, onProgress: (progress) => setSending((current) => (current ? { ...current, progress } : current)) },
      {
        onSuccess: ({ url }) => onChange({ url, file }),
        onSettled: () => setSending(null),
      },
    );
  };

  const message = tooLarge ? t('upload.tooLarge', { size: UPLOAD_MAX_MB }) : error;
  const percent = sending ? Math.round(sending.progress * 100) : 0;
  return (
    <div className="field">
      <span className="field-label" aria-hidden="true">
        {label}
      </span>
      <div className={`kyc-upload${message ? ' kyc-upload-invalid' : ''}${preview ? ' kyc-upload-filled' : ''}`}>
        <label htmlFor={inputId} className="kyc-upload-tile">
          {preview ? (
            <img className="kyc-upload-preview" src={preview} alt={label} />
          ) : (
            <span className="kyc-upload-empty">
              <span className="kyc-upload-plus" aria-hidden="true">
                +
              </span>
              <span className="kyc-upload-prompt">{prompt}</span>
              <span className="kyc-upload-rule">{t('upload.rule', { size: UPLOAD_MAX_MB })}</span>
            </span>
          )}
          {sending ? (
            <span className="kyc-upload-progress">
              <span
                className="kyc-upload-bar"
                role="progressbar"
                aria-label={t('upload.uploading')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span className="kyc-upload-bar-fill" style={{ width: `${percent}%` }} />
              </span>
              <span className="kyc-upload-progress-text">{t('upload.uploading')}</span>
            </span>
          ) : null}
          {value && !sending ? <span className="kyc-upload-change">{t('upload.change')}</span> : null}
        </label>
        <input
          id={inputId}
          className="kyc-visually-hidden"
          type="file"
          accept="image/*"
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          disabled={sending !== null}
          onChange={(event) => void onPick(event)}
        />
        {value && !sending ? (
          <button type="button" className="kyc-upload-remove" aria-label={t('upload.remove', { label })} onClick={() => onChange(null)}>
            <CloseIcon />
          </button>
        ) : null}
      </div>
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
