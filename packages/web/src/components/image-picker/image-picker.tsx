import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadImage } from '../../api/upload-image';
import { useObjectUrl } from '../../hooks/use-object-url';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, compressImage } from '../../lib/upload/compress-image';
import { CloseIcon } from '../icons/icons';
import './image-picker.css';

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
  /** Told when an upload starts and ends, so the form can hold its submit until the image is there. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * SPEC §5 image upload: one image from the album, compressed on the phone, at most 5 MB ("The size
 * cannot exceed 5M" above it), uploaded at once with a progress bar and shown from the bytes sent.
 */
export function ImagePicker({ label, prompt, value, onChange, error, onUploadingChange }: ImagePickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const upload = useUploadImage();
  const [sending, setSending] = useState<{ file: Blob; progress: number } | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const shown = sending?.file ?? value?.file ?? null;
  const preview = useObjectUrl(shown);
  const uploading = sending !== null;
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

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
      <div className={`image-picker${message ? ' image-picker-invalid' : ''}${preview ? ' image-picker-filled' : ''}`}>
        <label htmlFor={inputId} className="image-picker-tile">
          {preview ? (
            <img className="image-picker-preview" src={preview} alt={label} />
          ) : (
            <span className="image-picker-empty">
              <span className="image-picker-plus" aria-hidden="true">
                +
              </span>
              <span className="image-picker-prompt">{prompt}</span>
              <span className="image-picker-rule">{t('upload.rule', { size: UPLOAD_MAX_MB })}</span>
            </span>
          )}
          {sending ? (
            <span className="image-picker-progress">
              <span
                className="image-picker-bar"
                role="progressbar"
                aria-label={t('upload.uploading')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <span className="image-picker-bar-fill" style={{ width: `${percent}%` }} />
              </span>
              <span className="image-picker-progress-text">{t('upload.uploading')}</span>
            </span>
          ) : null}
          {value && !sending ? <span className="image-picker-change">{t('upload.change')}</span> : null}
        </label>
        <input
          id={inputId}
          className="image-picker-input"
          type="file"
          accept="image/*"
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          disabled={sending !== null}
          onChange={(event) => void onPick(event)}
        />
        {value && !sending ? (
          <button type="button" className="image-picker-remove" aria-label={t('upload.remove', { label })} onClick={() => onChange(null)}>
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
