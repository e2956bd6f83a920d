import { lazyModule, useLazyModule } from '../lib/use-lazy-module';
import { useSession } from '../lib/session/use-session';

const privateChannelModule = lazyModule(() => import('../api/realtime/use-private-channel'));

/**
 * Mounts the signed-in user's private channel (live orders, positions, balances, session end). Its code
 * (~2 KB gzip with the query keys it patches) is fetched once a session exists, so a visitor's first paint
 * does without it; once mounted it stays, and on sign-out it drops the socket's sign-in itself.
 */
export function PrivateChannelMount() {
  const { token } = useSession();
  const loaded = useLazyModule(privateChannelModule, token !== null);
  return loaded ? <loaded.PrivateChannelListener /> : null;
}
