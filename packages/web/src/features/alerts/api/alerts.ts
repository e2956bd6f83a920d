import { type PriceAlert, priceAlertSchema } from '@tradewind/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { alertsQueryKey } from '../../../lib/alerts/alerts';

export interface AlertRequest {
  stockCode: string;
  source: number;
  market?: string;
  kind: 'price' | 'percent';
  direction: 'above' | 'below';
  price?: number;
  percent?: number;
}

export function getAlerts(signal?: AbortSignal): Promise<PriceAlert[]> {
  return api.post('/alert/list', {}, { schema: z.array(priceAlertSchema), signal });
}

export function useAlerts() {
  return useQuery({ queryKey: alertsQueryKey, queryFn: ({ signal }) => getAlerts(signal) });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AlertRequest) => api.post('/alert/create', request, { schema: priceAlertSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/alert/delete', { id }, { schema: z.null() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
