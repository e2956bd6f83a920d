import { useObjectUrl } from '../../../hooks/use-object-url';
import { useChatImage } from '../api/get-chat-image';

/** A private image of the conversation, fetched with the session and shown from an object URL. */
export function ChatImage({ url, alt, local }: { url: string; alt: string; local?: Blob | undefined }) {
  const image = useChatImage(url, local === undefined);
  const src = useObjectUrl(local ?? image.data);
  if (!src) return <span className="chat-image chat-image-loading" role="img" aria-label={alt} aria-busy={image.isPending} />;
  return <img className="chat-image" src={src} alt={alt} />;
}
