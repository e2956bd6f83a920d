import { CHAT_TEXT_MAX, type ChatSendBody } from '@tradewind/contract';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadImage } from '../../../api/upload-image';
import { CloseIcon } from '../../../components/icons/icons';
import { useObjectUrl } from '../../../hooks/use-object-url';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, compressImage } from '../../../lib/upload/compress-image';

interface ChatComposerProps {
  /** Visitors write text only: uploads belong to an account. */
  canAttach: boolean;
  sending: boolean;
  /** Resolves once the server took the line; the box is cleared then, kept on a refusal. */
  onSend: (body: ChatSendBody, image: Blob | undefined) => Promise<unknown>;
}

/** The reply box: text up to 2000 characters and, signed in, one image uploaded through the shared upload call. */
export function ChatComposer({ canAttach, sending, onSend }: ChatComposerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadImage();
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ url: string; file: Blob } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useObjectUrl(image?.file);
  const trimmed = text.trim();
  const tooLong = text.length > CHAT_TEXT_MAX;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setError(null);
    const file = await compressImage(picked);
    if (file.size > UPLOAD_MAX_BYTES) {
      setError(t('upload.tooLarge', { size: UPLOAD_MAX_MB }));
      return;
    }
    upload.mutate({ file }, { onSuccess: ({ url }) => setImage({ url, file }) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((trimmed === '' && !image) || tooLong || sending) return;
    const body: ChatSendBody = { ...(trimmed !== '' && { text: trimmed }), ...(image && { imageUrl: image.url }) };
    void onSend(body, image?.file).then(() => {
      setText('');
      setImage(null);
    });
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      {image && preview ? (
        <div className="chat-attachment">
          <img src={preview} alt={t('chat.image')} />
          <button type="button" className="chat-attachment-remove" aria-label={t('chat.removeImage')} onClick={() => setImage(null)}>
            <CloseIcon aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {upload.isPending ? <p className="chat-hint" role="status">{t('upload.uploading')}</p> : null}
      {error ? <p className="chat-error" role="alert">{error}</p> : null}
      {tooLong ? <p className="chat-error" role="alert">{t('chat.tooLong', { max: CHAT_TEXT_MAX })}</p> : null}
      <div className="chat-compose-row">
        {canAttach ? (
          <label className="chat-attach" htmlFor={inputId} title={t('chat.attach')}>
            <ImageGlyph />
            <span className="chat-visually-hidden">{t('chat.attach')}</span>
            <input id={inputId} className="chat-visually-hidden" type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void onPick(event)} disabled={upload.isPending} />
          </label>
        ) : null}
        <textarea
          className="chat-input"
          aria-label={t('chat.placeholder')}
          placeholder={t('chat.placeholder')}
          value={text}
          rows={1}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
        />
        <button type="submit" className="chat-send" disabled={(trimmed === '' && !image) || tooLong || sending || upload.isPending}>
          {t('chat.send')}
        </button>
      </div>
    </form>
  );
}

/** A picture frame, drawn like the app's other icons (24×24, stroked in currentColor). */
function ImageGlyph() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m4 17 5-4.5 4 3.5 3-2.5 4 3.5" />
    </svg>
  );
}
