import {
  backtestResultSchema,
  pageSchema,
  robotBacktestBody,
  robotCreateBody,
  robotIdBody,
  robotPageBody,
  robotRecordBody,
  robotSchema,
  robotStopBody,
  robotStrategyInfoSchema,
  robotTradeSchema,
  type RobotParams,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.js';
import * as robots from './robots.service.js';

const tags = ['Quant robots'];
const userRoute = { auth: 'user' } as const;
const robotResponse = okResponse(robotSchema);

/** The wire body's strategy and parameters as one value, so each strategy's parameters keep their type. */
const inputOf = (body: { strategy: string; params: unknown; stockCode: string; source?: number; market?: string; amount: number }): robots.RobotInput => ({
  robot: { strategy: body.strategy, params: body.params } as RobotParams,
  stockCode: body.stockCode,
  source: body.source,
  market: body.market,
  amount: body.amount,
});

/** Quant robots (issue 6): the catalogue, backtests, starting, the user's robots and their control. */
export function robotsRoutes(app: FastifyInstance) {
  const deps = app.robots;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/robot/strategies', {
    config: { auth: 'public' },
    schema: { tags, summary: 'The strategies a robot can run, with their parameters', response: okResponse(z.array(robotStrategyInfoSchema)) },
  }, () => ok(robots.catalogue()));

  r.post('/robot/backtest', {
    config: userRoute,
    schema: { tags, summary: "Run a strategy over the instrument's history: trades, final P&L, max drawdown", body: robotBacktestBody, response: okResponse(backtestResultSchema) },
  }, (request) => ok(robots.backtest(deps, { ...inputOf(request.body), interval: request.body.interval })));

  r.post('/robot/create', {
    config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
    schema: { tags, summary: 'Start a robot on an instrument with a budget from the trading wallet', body: robotCreateBody, response: robotResponse },
  }, async (request) => ok(await robots.createRobot(deps, requireAuth(request).user, inputOf(request.body), idempotencyKeyOf(request))));

  r.post('/robot/pageList', {
    config: userRoute,
    schema: { tags, summary: 'My robots with trading status and income', body: robotPageBody, response: okResponse(pageSchema(robotSchema)) },
  }, async (request) => ok(await robots.listRobots(deps, requireAuth(request).user.id, request.body)));

  r.post('/robot/detail', {
    config: userRoute,
    schema: { tags, summary: 'One of my robots', body: robotIdBody, response: robotResponse },
  }, async (request) => ok(await robots.robotDetail(deps, requireAuth(request).user.id, request.body.id)));

  r.post('/robot/purchaseRecord', {
    config: userRoute,
    schema: { tags, summary: "A robot's purchase record: each step and the order that carried it out", body: robotRecordBody, response: okResponse(pageSchema(robotTradeSchema)) },
  }, async (request) => ok(await robots.purchaseRecord(deps, requireAuth(request).user.id, request.body, request.locale)));

  r.post('/robot/pause', {
    config: userRoute,
    schema: { tags, summary: 'Pause a robot: it places no new orders until resumed', body: robotIdBody, response: robotResponse },
  }, async (request) => ok(await robots.setPaused(deps, requireAuth(request).user.id, request.body.id, true)));

  r.post('/robot/resume', {
    config: userRoute,
    schema: { tags, summary: 'Resume a paused robot', body: robotIdBody, response: robotResponse },
  }, async (request) => ok(await robots.setPaused(deps, requireAuth(request).user.id, request.body.id, false)));

  r.post('/robot/stop', {
    config: userRoute,
    schema: { tags, summary: 'Stop a robot for good; its positions stay open unless closePositions is true', body: robotStopBody, response: robotResponse },
  }, async (request) => ok(await robots.stopRobot(deps, requireAuth(request).user.id, request.body.id, request.body.closePositions)));
}
