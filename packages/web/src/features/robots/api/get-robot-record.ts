import { type Page, type RobotTrade, pageSchema, robotTradeSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { ROBOT_REFRESH_MS } from './get-my-robots';
import { robotsQueryKey } from './query-keys';

/** `POST /robot/purchaseRecord`: a robot's steps, newest first, each with the order that carried it out. */
export function getRobotRecord(id: number, signal?: AbortSignal): Promise<Page<RobotTrade>> {
  return api.post('/robot/purchaseRecord', { id, pageSize: 50 }, { schema: pageSchema(robotTradeSchema), signal });
}

export function getRobotRecordQueryOptions(id: number) {
  return queryOptions({ queryKey: [...robotsQueryKey, 'record', id], queryFn: ({ signal }) => getRobotRecord(id, signal), refetchInterval: ROBOT_REFRESH_MS });
}

export function useRobotRecord(id: number, enabled: boolean) {
  return useQuery({ ...getRobotRecordQueryOptions(id), enabled });
}
