import type { DepositChannel } from '@tradewind/contract';
import { useSearchParams } from '../../../lib/router/router';
import { useDepositChannels } from '../api/get-deposit-channels';
import { idParam } from '../utils/routes';

/**
 * The channels of one kind and the chosen one: `?id=` when it names one of them, else the first.
 * Switching rewrites `?id=` in place, so back still leaves the page.
 */
export function useChannel(type: DepositChannel['type']) {
  const query = useDepositChannels();
  const [search, setSearch] = useSearchParams();
  const channels = (query.data ?? []).filter((channel) => channel.type === type);
  const wanted = idParam(search);
  const channel = channels.find((candidate) => candidate.id === wanted) ?? channels[0] ?? null;
  const select = (id: number) => setSearch({ id: String(id) }, { replace: true });
  return { query, channels, channel, select };
}
