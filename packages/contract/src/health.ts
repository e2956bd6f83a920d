import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
