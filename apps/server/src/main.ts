import { fixedClock, systemClock } from '@nursery/domain/common';
import pino from 'pino';
import { buildApp, LOG_REDACT, LOG_SERIALIZERS, SERVED_APP_OPTIONS } from './app.ts';
import { serveBackups } from './backup/control-socket.ts';
import { mediaDirOf, openAndPrepare, wipeData } from './boot.ts';
import { readEnv } from './config/env.ts';
import { describeObjectStore, openObjectStore } from './lib/object-store/open.ts';
import { PgBossJobQueue } from './modules/jobs/index.ts';
import { logTransport, smtpTransport } from './modules/notifications/outbox-sender.ts';

export async function main(argv: string[] = process.argv.slice(2)) {
  const startedAt = performance.now();
  const env = readEnv();
  const logger = pino({ level: env.logLevel, redact: LOG_REDACT, serializers: LOG_SERIALIZERS });
  const clock = env.now ? fixedClock(env.now) : systemClock;
  const bootLog = {
    info: (msg: string, fields?: Record<string, unknown>) => logger.info(fields ?? {}, msg),
    warn: (msg: string, fields?: Record<string, unknown>) => logger.warn(fields ?? {}, msg),
  };

  if (argv.includes('--demo-reset')) {
    // Wipe, migrate and reseed, then exit: `npm start` serves the fresh data.
    logger.info({ dataDir: env.dataDir }, 'demo reset: wiping data');
    await wipeData(env);
    const { database, seeded } = await openAndPrepare(env, clock.now(), bootLog);
    await database.close();
    logger.info({ seeded }, 'demo reset done');
    return;
  }
  const { database, seeded } = await openAndPrepare(env, clock.now(), bootLog);
  // Issue 32: media on local disk or in a bucket (the log names which; never the secret).
  const objectStore = openObjectStore(env, mediaDirOf(env));
  logger.info({ media: describeObjectStore(objectStore) }, 'media storage');
  // Background work (issue 32): pg-boss on the app's own database, started before the app so its schema
  // exists; every instance works the queues, each job once (modules/jobs/queue.ts).
  const jobsLog = logger.child({ component: 'jobs' });
  const jobs = new PgBossJobQueue(database, {
    db: database.db,
    clock,
    objects: objectStore,
    mail: env.smtpUrl
      ? await smtpTransport(env.smtpUrl, env.smtpFrom)
      : logTransport(jobsLog, env.mailDropDir),
    log: jobsLog,
  });
  await jobs.start();
  const app = await buildApp({
    database,
    clock,
    logger,
    serveWeb: true,
    trustProxy: env.trustProxy,
    mediaDir: mediaDirOf(env),
    objectStore,
    ...SERVED_APP_OPTIONS,
    requestQueue: env.requestQueue,
    mail: { smtp: Boolean(env.smtpUrl), publicUrl: env.publicUrl },
    sessionMinuteMs: env.sessionMinuteMs,
    integrations: env.integrations,
    links: env.links,
    jobs,
  });

  // Issue 32: `npm run backup` asks this process for a consistent snapshot (backup/control-socket.ts).
  const backups = await serveBackups({
    dataDir: env.dataDir,
    mediaDir: mediaDirOf(env),
    database,
    log: logger.child({ component: 'backup' }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then close the database cleanly
    // (PGlite must flush and close or its files could be left inconsistent).
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    try {
      await app.close();
      await jobs.stop();
      await backups.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  logger.info(
    { db: database.kind, seeded, startupMs: Math.round(performance.now() - startedAt) },
    `serving on http://${env.host}:${env.port}`,
  );
  return app;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
