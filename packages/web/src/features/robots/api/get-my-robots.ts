import { type Page, type Robot, pageSchema, robotSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { robotsQueryKey } from './query-keys';

/** Robots trade on their own: their income and status are refreshed while the page is open. */
export const ROBOT_REFRESH_MS = 2000;

/** `POST /robot/pageList`: my robots, newest first, with trading status and income. */
export function getMyRobots(signal?: AbortSignal): Promise<Page<Robot>> {
  return api.post('/robot/pageList', { pageSize: 100 }, { schema: pageSchema(robotSchema), signal });
}

export function getMyRobotsQueryOptions() {
  return queryOptions({ queryKey: [...robotsQueryKey, 'mine'], queryFn: ({ signal }) => getMyRobots(signal), refetchInterval: ROBOT_REFRESH_MS });
}

export function useMyRobots() {
  return useQuery(getMyRobotsQueryOptions());
}
