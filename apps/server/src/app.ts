import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, type Clock, systemClock } from '@nursery/domain/common';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { sqlTimeOfRequest, withSqlTime } from './db/request-sql-time.ts';
import type { AppDeps } from './deps.ts';
import { startCacheBus } from './lib/cache-bus.ts';
import { answerClientError, errorHandler } from './lib/error-handler.ts';
import { DiskObjectStore } from './lib/object-store/disk.ts';
import type { ObjectStore } from './lib/object-store/index.ts';
import { webDist } from './lib/paths.ts';
import { rateLimitStoreOf } from './lib/rate-limit-store.ts';
import { ReadAudit } from './lib/record-audit.ts';
import { accountAnonymousRoutes } from './modules/account-anonymous/routes.ts';
import { accountSecurityRoutes } from './modules/account-security/index.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bigPictureRoutes } from './modules/big-picture/routes.ts';
import { childrenRoutes } from './modules/children/routes.ts';
import { childrenAdminRoutes } from './modules/children-admin/routes.ts';
import { eventConfigCache, setEventConfigCacheMs } from './modules/config/event-config.ts';
import { configRoutes } from './modules/config/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { conversationRoutes } from './modules/conversations/routes.ts';
import { crmIntegrationRoutes } from './modules/crm-integration/index.ts';
import { emergencyRoutes } from './modules/emergency/routes.ts';
import { eventCheckerRoutes } from './modules/event-checker/routes.ts';
import { eventCommentRoutes } from './modules/event-comments/routes.ts';
import { eventHistoryRoutes } from './modules/event-history/routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { eventsV3Routes } from './modules/events-v3/routes.ts';
import { frameworkRoutes } from './modules/frameworks/routes.ts';
import { graphqlPlugin } from './modules/graphql/plugin.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { backgroundJobRoutes, InlineJobQueue } from './modules/jobs/index.ts';
import { keyChildrenRoutes } from './modules/key-children/routes.ts';
import { mealRoutes } from './modules/meals/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import type { MediaLimits } from './modules/media/storage.ts';
import { nextStepRoutes } from './modules/next-steps/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { profileDetailsRoutes } from './modules/profile-details/index.ts';
import { registerRoutes } from './modules/registers/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { requestRoutes } from './modules/requests/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { sessionLockRoutes } from './modules/session-lock/routes.ts';
import { settingsCatalogueRoutes } from './modules/settings-catalogue/routes.ts';
import { signatureRoutes } from './modules/signatures/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { staffAdminRoutes } from './modules/staff-admin/routes.ts';
import { staffRegisterRoutes } from './modules/staff-register/routes.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { tokenLoginRoutes } from './modules/token-login/index.ts';
import { userSettingsRoutes } from './modules/user-settings/index.ts';
import { webShellRoutes } from './modules/web-shell/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { type RequestQueueOptions, requestQueue } from './plugins/request-queue.ts';

/**
 * The caches and batching the running server uses beyond buildApp's defaults (which the tests need:
 * nothing kept, every read's audit rows written before its answer). main.ts runs with them, and the
 * bench builds its in-process app with them, so it measures the server as it is served.
 */
export const SERVED_APP_OPTIONS = { eventConfigCacheMs: 30_000, readAuditFlushMs: 200 } as const;

export interface BuildAppOptions {
  database: Database;
  clock?: Clock;
  /** A pino logger (main.ts makes one with redaction); tests run silent. */
  logger?: FastifyBaseLogger;
  /** Serve the built web app from apps/web/dist (off in API tests). */
  serveWeb?: boolean;
  /** Where the built web app is (default apps/web/dist; a test gives a folder with a stand-in page). */
  webRoot?: string;
  /** Client addresses exempt from the per-IP request limits (the benchmark's load generator). */
  rateLimitAllowList?: string[];
  /** Where uploaded media live: DATA_DIR/media (main.ts); tests pass a mkdtemp dir. */
  mediaDir?: string;
  /** Issue 32: the object store (lib/object-store/open.ts from S3_*); default: the disk store at mediaDir. */
  objectStore?: ObjectStore;
  /** Media size limits (default: the domain's MEDIA_IMAGE_MAX_BYTES / MEDIA_VIDEO_MAX_BYTES). */
  mediaLimits?: Partial<MediaLimits>;
  /** The log-in slowdown's wait (default: a timer). */
  wait?: (ms: number) => Promise<void>;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY): false (default: the socket's address is
   * the client's), a hop count, or addresses/CIDRs. Believing any client's header would let a guesser
   * pick a new address per attempt.
   */
  trustProxy?: boolean | number | string[];
  /** Keep each provider's event configuration this long (0 = read it every time; main.ts: 30 s). */
  eventConfigCacheMs?: number;
  /** The API's request queue (default: defaultQueueOptions of the database kind; concurrency 0 = off). */
  requestQueue?: Partial<RequestQueueOptions>;
  /**
   * How long the audit trail's read rows are batched before one insert (main.ts: 200 ms; default 0:
   * written before the answer, as the tests need).
   */
  readAuditFlushMs?: number;
  /** E-mail: SMTP configured or kept in the outbox, and the invitations' PUBLIC_URL (AppDeps.mail). */
  mail?: AppDeps['mail'];
  /** E2E only: a session-timeout minute in milliseconds (AppDeps.sessionMinuteMs). */
  sessionMinuteMs?: number;
  /** The integrations service (AppDeps.integrations; issue 30). */
  integrations?: AppDeps['integrations'];
  /** The profile's help, feedback and privacy links (AppDeps.links). */
  links?: AppDeps['links'];
  /** Issue 32: the background job queue (main.ts: pg-boss); unset: jobs run inline when sent (tests). */
  jobs?: AppDeps['jobs'];
}

/** Keys whose values never reach the logs (no secret, password, PIN or token in logs). */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body.password',
  'body.oldPassword',
  'body.PIN',
  'body.oldPIN',
  'body.confirmPIN',
  'body.answer',
  'body.confirmPassword',
  'body.code',
];

/** Query values that are secrets (activation and reset codes, tokens): never in a logged URL. */
const SECRET_QUERY_KEYS = /([?&](?:code|token|key)=)[^&]*/gi;

/** The logged request: Fastify's fields with secret query values replaced (issue 30). */
export const LOG_SERIALIZERS = {
  req(req: { method: string; url: string; host?: string; ip?: string }) {
    return {
      method: req.method,
      url: req.url.replace(SECRET_QUERY_KEYS, '$1[redacted]'),
      host: req.host,
      remoteAddress: req.ip,
    };
  },
};

/**
 * Browser features the app may use: the camera and microphone (photos and videos of the day, on this
 * origin only); nothing else, and no embedded frame may ask for anything. Only features the browsers
 * know (issue 27: Chromium reported "Unrecognized feature: 'bluetooth'" on every page; Web Bluetooth is
 * not a policy-controlled feature there). permissions-policy.test.ts holds the list they recognise.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/**
 * Every REST module, in registration order: reading this table lists every route file. Media,
 * signatures and requests are registered after it (encapsulated plugins with options of their own:
 * where files live, size limits; an approved GDPR erasure deletes media files).
 */
const REST_MODULES: ((api: FastifyInstance, deps: AppDeps) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  configRoutes,
  staffRoutes,
  homeRoutes,
  eventRoutes,
  eventHistoryRoutes,
  nextStepRoutes,
  mealRoutes,
  frameworkRoutes,
  syncRoutes,
  childrenRoutes,
  registerRoutes,
  staffRegisterRoutes,
  emergencyRoutes,
  notificationRoutes,
  eventCommentRoutes,
  eventsV3Routes,
  keyChildrenRoutes,
  reportRoutes,
  eventCheckerRoutes,
  bigPictureRoutes,
  auditRoutes,
  roleRoutes,
  importRoutes,
  siteRoutes,
  contactRoutes,
  childrenAdminRoutes,
  settingsCatalogueRoutes,
  staffAdminRoutes,
  accountAnonymousRoutes,
  profileDetailsRoutes,
  accountSecurityRoutes,
  sessionLockRoutes,
  tokenLoginRoutes,
  crmIntegrationRoutes,
  userSettingsRoutes,
  conversationRoutes,
  backgroundJobRoutes,
];

/**
 * Whether an unmatched request gets the web page (the hash-routed app) rather than the API's JSON 404:
 * only a GET or HEAD, and never on an API or GraphQL path in any spelling. The router decodes
 * percent-escapes (`/%61pi/v1/config` is `/api/v1/config`) and is case-sensitive, so the path is
 * decoded and lower-cased before it is compared: `/API/v1/x` and `/%61pi/v1/x` are API paths too,
 * and a POST to `/` or any page path is an API client's mistake, not a page load.
 */
export function servesWebPage(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const rawPath = url.split('?')[0] ?? '';
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  // `//api/v1/x` is an API path too.
  const normalised = pathname.toLowerCase().replace(/\/+/g, '/');
  return !/^\/(api|graphql)(\/|$)/.test(normalised);
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const mediaDir = opts.mediaDir ?? path.join(tmpdir(), 'nursery-media');
  const webRoot = opts.webRoot ?? webDist;
  const objects = opts.objectStore ?? new DiskObjectStore(mediaDir);
  const deps: AppDeps = {
    db: opts.database.db,
    database: opts.database,
    clock: opts.clock ?? systemClock,
    mediaDir,
    objects,
    wait: opts.wait,
    mail: opts.mail,
    sessionMinuteMs: opts.sessionMinuteMs,
    integrations: opts.integrations,
    links: opts.links,
    readAudit: new ReadAudit(opts.database.db, {
      flushMs: opts.readAuditFlushMs ?? 0,
      onError: (err) => app.log.error({ err }, 'audit trail: read rows not written'),
    }),
    jobs:
      opts.jobs ??
      new InlineJobQueue({
        db: opts.database.db,
        clock: opts.clock ?? systemClock,
        objects,
        log: {
          info: (fields, msg) => app.log.info(fields, msg),
          warn: (fields, msg) => app.log.warn(fields, msg),
        },
      }),
  };
  setEventConfigCacheMs(opts.eventConfigCacheMs ?? 0);
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // A hop count n trusts the n nearest proxies (proxy-addr's rule, written as a function because
    // Fastify's types take a count only through it).
    trustProxy:
      typeof opts.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(opts.trustProxy)
        : (opts.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // GET api/v3/events/{ids} takes up to 20 int4 ids in one parameter (20 × 10 digits and 19 commas;
    // issue 31): Fastify's default of 100 characters would answer 414 to a legitimate call.
    routerOptions: { maxParamLength: 256 },
    // A bad %-escape or an over-long path parameter is refused by Fastify before any route or hook:
    // answered in the API's error shape too.
    frameworkErrors: errorHandler,
    // Node's HTTP parser refuses some requests before Fastify sees them (headers or URL over 16 KB,
    // a malformed request line, a timeout): answered in the API's error shape too.
    clientErrorHandler: answerClientError,
  });
  // Server time of every answer (the benchmark reads it; browsers show it in the network panel).
  // reply.elapsedTime stays 0 unless a logger or onResponse hook is set, so the start is kept here.
  const startedAt = new WeakMap<object, number>();
  // The first hook: the rest of the request (hooks, handler, serialisation) runs with its own SQL-time
  // account (db/request-sql-time.ts), answered as `sql;dur=` beside `app;dur=`.
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, performance.now());
    withSqlTime(done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const started = startedAt.get(request);
    if (started !== undefined) {
      const sql = sqlTimeOfRequest();
      reply.header(
        'server-timing',
        `app;dur=${(performance.now() - started).toFixed(2)}${sql ? `, sql;dur=${sql.ms.toFixed(2)}` : ''}`,
      );
    }
    // JSON answers hold children's and staff's personal data: no shared or disk cache may keep them
    // (the app keeps its own copy in IndexedDB, removed at logout). Routes that chose their
    // own policy (frameworks' ETag revalidation) keep it.
    if (!reply.hasHeader('cache-control') && /json/.test(String(reply.getHeader('content-type') ?? '')))
      reply.header('cache-control', 'no-store');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });

  // Read rows still batched are written before the database closes.
  app.addHook('onClose', () => deps.readAudit.flush());
  // Issue 32: a kept event configuration is dropped on every instance when it changes (lib/cache-bus.ts).
  if ((opts.eventConfigCacheMs ?? 0) > 0) {
    const cacheBus = await startCacheBus(
      opts.database,
      { 'event-config': eventConfigCache(deps.db) },
      app.log,
    );
    app.addHook('onClose', () => cacheBus.close());
  }
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    if (
      servesWebPage(request.method, request.url) &&
      opts.serveWeb &&
      existsSync(path.join(webRoot, 'index.html'))
    )
      return reply.sendFile('index.html');
    return reply.code(404).send({ err: { code: 'err-not-found', message: 'Not found' } });
  });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The OpenAPI viewer and the PWA need same-origin resources only.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    allowList: opts.rateLimitAllowList ?? [],
    // Issue 32: on PostgreSQL the counters are shared by every instance (lib/rate-limit-store.ts).
    ...rateLimitStoreOf(opts.database),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Nursery staff app API', version: APP_VERSION },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'nursery_sid' } } },
    },
    // GraphQL routes carry Mercurius' own JSON schemas; the document lists the REST API only.
    transform: (route) =>
      route.url.startsWith('/graphql')
        ? { schema: { hide: true }, url: route.url }
        : jsonSchemaTransform(route),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(requestQueue, { kind: opts.database.kind, ...opts.requestQueue });
  await app.register(authPlugin, {
    db: deps.db,
    now: () => deps.clock.now(),
    minuteMs: deps.sessionMinuteMs,
  });

  // REST routes validate with the shared zod schemas; Mercurius keeps Fastify's default JSON-schema
  // compilers for its own routes, so the zod compilers live in this encapsulated context only.
  await app.register(async (api) => {
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(serializerCompiler);
    for (const register of REST_MODULES) await register(api, deps);
    await api.register(mediaRoutes, {
      deps,
      mediaDir,
      limits: opts.mediaLimits,
    });
    await api.register(signatureRoutes, {
      deps,
    });
    await api.register(requestRoutes, {
      deps,
    });
  });
  await app.register(graphqlPlugin, deps);

  if (opts.serveWeb && existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz beside each hashed JS and CSS file (apps/web/vite.config.ts): sent
      // when the browser accepts them (the login screen's first load is mostly these), else the file.
      preCompressed: true,
      // Our own Cache-Control below: with send's default ('public, max-age=0') it would overwrite it.
      cacheControl: false,
      // `/` is modules/web-shell's (the page with a signed-in device's configuration in it).
      index: false,
      // Hashed assets are immutable; index.html, the service worker (sw.js), the web
      // manifest and the icons must revalidate, so a new build reaches the device on its next check.
      // The worker's scope is the app root, where sw.js is served: no Service-Worker-Allowed needed.
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers br, gzip or the plain file (preCompressed): a shared cache must key on it.
        if (immutable) res.setHeader('vary', 'accept-encoding');
      },
    });
    await webShellRoutes(app, deps, webRoot);
  }
  return app;
}
