import { z } from 'zod';

export const healthSchema = z.object({
  /** `starting` while the process has its port open but is still migrating or generating market history. */
  status: z.enum(['ok', 'starting']),
  database: z.enum(['pglite', 'postgres']),
  /** Whether this process runs the singletons (market feed, engine, sweeps) or serves requests only. */
  role: z.enum(['leader', 'follower']),
  uptimeSeconds: z.number(),
});

/** Readiness for a load balancer: 200 while the process takes new work, 503 while it drains. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  role: z.enum(['leader', 'follower']),
});
