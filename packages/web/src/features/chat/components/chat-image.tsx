import { useObjectUrl } from '../../../hooks/use-object-url';
import { useFileBlob } from '../../../api/get-file-blob';

/** A private image of the conversation, fetched with the session and shown from an object URL. */
export function ChatImage({ url, alt, local }: { url: string; alt: string; local?: Blob | undefined }) {
  const image = useFileBlob(local === undefined ? url : null);
  const src = useObjectUrl(local ?? image.data);
  if (!src) return <span className="chat-image chat-image-loading" role="img" aria-label={alt} aria-busy={image.isPending} />;
  return <img className="chat-image" src={src} alt={alt} />;
}
