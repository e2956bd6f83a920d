import { type Robot, type RobotCreateBody, robotSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { robotsQueryKey } from './query-keys';

/** `POST /robot/create`: starts a robot; a retry with the same key starts it once. */
export function createRobot(body: RobotCreateBody, idempotencyKey: string): Promise<Robot> {
  return api.post('/robot/create', body, { schema: robotSchema, headers: { 'Idempotency-Key': idempotencyKey }, forbiddenIsRefusal: true });
}

export function useCreateRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RobotCreateBody; idempotencyKey: string }) => createRobot(body, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: robotsQueryKey }),
    meta: { silent: true },
  });
}
