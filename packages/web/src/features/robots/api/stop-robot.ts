import { type Robot, robotSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { robotsQueryKey } from './query-keys';

/** `POST /robot/stop`: for good; closePositions also closes what it holds at market. */
export function stopRobot({ id, closePositions }: { id: number; closePositions: boolean }): Promise<Robot> {
  return api.post('/robot/stop', { id, closePositions }, { schema: robotSchema });
}

export function useStopRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopRobot,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: robotsQueryKey }),
  });
}
