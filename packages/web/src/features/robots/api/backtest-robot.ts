import { type BacktestResult, type RobotBacktestBody, backtestResultSchema } from '@tradewind/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `POST /robot/backtest`: the strategy over the instrument's history; nothing is placed. */
export function backtestRobot(body: RobotBacktestBody): Promise<BacktestResult> {
  return api.post('/robot/backtest', body, { schema: backtestResultSchema, forbiddenIsRefusal: true });
}

export function useBacktestRobot() {
  return useMutation({ mutationFn: backtestRobot, meta: { silent: true } });
}
