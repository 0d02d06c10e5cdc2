import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';

export const HealthAnswer = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthAnswer = z.infer<typeof HealthAnswer>;

/** GET api/health: liveness and the database kind (no session needed). */
export const getHealth = defineRoute({
  ...routes.getHealth,
  summary: 'Liveness and database kind',
  tags: ['health'],
  response: { 200: HealthAnswer },
});
