import { type DepositChannel, depositChannelSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { fundingKeys } from './query-keys';

/** `POST /recharge/currency/selectList`: bank transfers with receiving details, digital currencies with network and address. */
export function getDepositChannels(signal?: AbortSignal): Promise<DepositChannel[]> {
  return api.post('/recharge/currency/selectList', {}, { schema: z.array(depositChannelSchema), signal });
}

export function getDepositChannelsQueryOptions() {
  return queryOptions({
    queryKey: fundingKeys.channels,
    queryFn: ({ signal }) => getDepositChannels(signal),
    // Receiving details change with a deployment, not during a visit.
    staleTime: 5 * 60_000,
  });
}

export function useDepositChannels() {
  return useQuery(getDepositChannelsQueryOptions());
}
