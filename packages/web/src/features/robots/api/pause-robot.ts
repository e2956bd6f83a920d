import { type Robot, robotSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { robotsQueryKey } from './query-keys';

/** `POST /robot/pause`: no new orders until resumed. */
export function pauseRobot(id: number): Promise<Robot> {
  return api.post('/robot/pause', { id }, { schema: robotSchema });
}

export function usePauseRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseRobot,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: robotsQueryKey }),
  });
}
