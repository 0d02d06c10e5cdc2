// The jobs module's front door (issue 32): the job queue's runners and the dead letters' routes.
export type { JobContext } from './definitions.ts';
export { InlineJobQueue } from './inline.ts';
export { PgBossJobQueue, type PgBossQueueOptions } from './queue.ts';
export { backgroundJobRoutes } from './routes.ts';
