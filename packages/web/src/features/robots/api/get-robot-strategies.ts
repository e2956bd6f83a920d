import { type RobotStrategyInfo, robotStrategyInfoSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

/** `GET /robot/strategies`: the strategies a robot can run and their parameters. */
export function getRobotStrategies(signal?: AbortSignal): Promise<RobotStrategyInfo[]> {
  return api.get('/robot/strategies', { schema: z.array(robotStrategyInfoSchema), signal });
}

export function getRobotStrategiesQueryOptions() {
  return queryOptions({ queryKey: ['robot-strategies'], queryFn: ({ signal }) => getRobotStrategies(signal), staleTime: Infinity });
}

export function useRobotStrategies() {
  return useQuery(getRobotStrategiesQueryOptions());
}
