import { type Robot, robotSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { robotsQueryKey } from './query-keys';

/** `POST /robot/resume`: the robot trades again. */
export function resumeRobot(id: number): Promise<Robot> {
  return api.post('/robot/resume', { id }, { schema: robotSchema });
}

export function useResumeRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeRobot,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: robotsQueryKey }),
  });
}
