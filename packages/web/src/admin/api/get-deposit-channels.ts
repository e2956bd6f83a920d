import { depositChannelSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { CRYPTO_CHANNEL_IDS } from '../lib/review-status';
import { adminKeys } from './query-keys';

/** `POST /recharge/currency/selectList`: the deposit channels, to know which are paid in crypto. */
export function getDepositChannels(signal?: AbortSignal) {
  return api.post('/recharge/currency/selectList', {}, { schema: z.array(depositChannelSchema), signal, forbiddenIsRefusal: true });
}

export function getDepositChannelsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.depositChannels, queryFn: ({ signal }) => getDepositChannels(signal), staleTime: Infinity });
}

/** The ids of crypto channels as the server lists them; the known ones (3 and 4) until it answers. */
export function useCryptoChannelIds(): readonly number[] {
  const { data } = useQuery(getDepositChannelsQueryOptions());
  return data ? data.filter((channel) => channel.type === 'crypto').map((channel) => channel.id) : CRYPTO_CHANNEL_IDS;
}
