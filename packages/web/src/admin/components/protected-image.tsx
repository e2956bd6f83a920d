import { useEffect, useState } from 'react';
import { useFileBlob } from '../../api/get-file-blob';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { Modal } from './modal';

/** An object URL for the blob while the component shows it; revoked when it goes away. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/**
 * A private upload (deposit proof, identity document): fetched with the session token, shown from
 * an object URL, and opened full size on click.
 */
export function ProtectedImage({ url, label }: { url: string; label: string }) {
  const { t } = useAdminTranslation();
  const image = useFileBlob(url);
  const objectUrl = useObjectUrl(image.data);
  const [enlarged, setEnlarged] = useState(false);

  let content;
  if (image.isError) {
    content = (
      <div className="bo-image-placeholder" role="img" aria-label={`${label}: ${t('common.imageUnavailable')}`}>
        {t('common.imageUnavailable')}
      </div>
    );
  } else if (!objectUrl) {
    content = (
      <div className="bo-image-placeholder" role="status">
        {t('common.imageLoading')}
      </div>
    );
  } else {
    content = (
      <button type="button" className="bo-image-button" onClick={() => setEnlarged(true)} aria-label={t('common.openImage', { label })}>
        <img className="bo-image" src={objectUrl} alt={label} />
      </button>
    );
  }

  return (
    <figure className="bo-figure">
      {content}
      <figcaption className="bo-figure-caption">{label}</figcaption>
      {enlarged && objectUrl ? (
        <Modal title={label} variant="viewer" onClose={() => setEnlarged(false)}>
          <img className="bo-image-large" src={objectUrl} alt={label} />
        </Modal>
      ) : null}
    </figure>
  );
}
