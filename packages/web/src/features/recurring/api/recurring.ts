import { type RecurringPlan, pageSchema, recurringPlanSchema, recurringRunSchema } from '@tradewind/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

const plansKey = ['recurring-plans'] as const;

export interface PlanRequest {
  stockCode: string;
  source: number;
  market?: string;
  /** Decimal text with at most 2 decimals, as typed. */
  amount: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  time: string;
  weekday?: number;
  dayOfMonth?: number;
}

export function usePlans() {
  return useQuery({ queryKey: plansKey, queryFn: ({ signal }) => api.post('/recurring/list', {}, { schema: z.array(recurringPlanSchema), signal }) });
}

export function usePlanRuns(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...plansKey, 'runs', id],
    queryFn: ({ signal }) => api.post('/recurring/runs', { id, pageNum: 1, pageSize: 20 }, { schema: pageSchema(recurringRunSchema), signal }),
    enabled,
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlanRequest) => api.post('/recurring/create', request, { schema: recurringPlanSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: 'pause' | 'resume' | 'cancel' }): Promise<RecurringPlan> =>
      api.post(`/recurring/${to}`, { id }, { schema: recurringPlanSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}
