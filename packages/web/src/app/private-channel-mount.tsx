import { type ComponentType, useEffect, useState } from 'react';
import { useSession } from '../lib/session/use-session';

let loaded: ComponentType | undefined;

/**
 * Mounts the signed-in user's private channel (live orders, positions, balances, session end). Its code
 * (~2 KB gzip with the query keys it patches) is fetched once a session exists, so a visitor's first paint
 * does without it; once mounted it stays, and on sign-out it drops the socket's sign-in itself.
 */
export function PrivateChannelMount() {
  const { token } = useSession();
  const [Listener, setListener] = useState<ComponentType | undefined>(() => loaded);
  useEffect(() => {
    if (!token || Listener) return undefined;
    let mounted = true;
    void import('../api/realtime/use-private-channel').then(({ PrivateChannelListener }) => {
      loaded = PrivateChannelListener;
      if (mounted) setListener(() => PrivateChannelListener);
    });
    return () => {
      mounted = false;
    };
  }, [token, Listener]);
  return Listener ? <Listener /> : null;
}
