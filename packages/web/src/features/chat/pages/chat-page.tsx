import '../chat.css';
import type { ChatMessage, ChatSendBody } from '@tradewind/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router/router';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../lib/paths';
import { useUserInfo } from '../../../api/session/get-user-info';
import { useSession } from '../../../lib/session/use-session';
import { useClaimChat } from '../api/claim-chat';
import { useChatHistory } from '../api/get-chat-history';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useSendChatMessage } from '../api/send-chat-message';
import { ChatComposer } from '../components/chat-composer';
import { ChatThread } from '../components/chat-thread';
import { useChatStream } from '../hooks/use-chat-stream';
import { storedVisitorToken } from '../utils/visitor-token';

/**
 * Customer service (`/pages/service/index`): the conversation with support, live. Signed in, it
 * opens with the profile's name and phone as metadata (SPEC §2) and takes images; a visitor writes
 * text under a token this browser keeps, and the conversation follows them once they log in.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { data: user } = useUserInfo();
  const { mutate: claim, isPending: claiming } = useClaimChat();
  const pendingClaim = token ? storedVisitorToken() : null;
  const [claimTried, setClaimTried] = useState(false);
  const history = useChatHistory(pendingClaim === null || claimTried);
  const send = useSendChatMessage();
  const { mutate: markRead } = useMarkChatRead();
  const [localImages] = useState(() => new Map<string, Blob>());
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!pendingClaim || claiming || claimTried) return;
    claim(pendingClaim, { onSettled: () => setClaimTried(true) });
  }, [pendingClaim, claim, claiming, claimTried]);

  useChatStream();

  const pages = history.data?.pages;
  const newest = pages?.[0];
  const messages = pages ? [...pages].reverse().flatMap((page) => page.list) : [];
  const lastId = messages.at(-1)?.id;
  const unread = newest?.unread ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);
  // Support's answers are read once they are on screen (pushed live or fetched).
  useEffect(() => {
    if (unread > 0) markRead();
  }, [unread, markRead]);

  const onSend = (body: ChatSendBody, image: Blob | undefined): Promise<ChatMessage> =>
    send.mutateAsync(body).then((message) => {
      if (image && message.imageUrl) localImages.set(message.imageUrl, image);
      return message;
    });

  if (!history.data) return history.isError ? <LoadError onRetry={() => void history.refetch()} /> : <DelayedLoading />;

  return (
    <div className="chat-page">
      <div className="chat-scroll">
        {history.hasNextPage ? (
          <button type="button" className="chat-older" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {t('chat.loadOlder')}
          </button>
        ) : null}
        <div className="chat-intro card">
          <p className="chat-intro-title">{user?.name ? t('chat.greetingName', { name: user.name }) : t('chat.greeting')}</p>
          <p className="chat-intro-text">{t('chat.intro')}</p>
          {token ? null : (
            <p className="chat-intro-text" data-testid="chat-visitor-note">
              {t('chat.visitorNote')} <Link to={paths.login}>{t('auth.login')}</Link>
            </p>
          )}
        </div>
        <ChatThread messages={messages} localImages={localImages} />
        {newest?.status === 'closed' ? (
          <p className="chat-closed" role="status">
            {t('chat.closed')}
          </p>
        ) : null}
        <div ref={bottom} />
      </div>
      <ChatComposer canAttach={token !== null} sending={send.isPending} onSend={onSend} />
    </div>
  );
}
