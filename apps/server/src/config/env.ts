import path from 'node:path';
import type { AppLinks } from '@nursery/domain/account';
import { z } from 'zod';
import type { S3Settings } from '../lib/object-store/s3.ts';
import { repoRoot } from '../lib/paths.ts';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DEMO_DATA: z.enum(['0', '1']).default('1'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe: unset/'false' = none (the socket's address is the
   * client's), a hop count ('1'), or a comma-separated list of addresses/CIDRs ('10.0.0.0/8,127.0.0.1').
   */
  TRUST_PROXY: z.string().optional(),
  /** Freezes the server clock (ISO instant) for e2e runs. */
  NURSERY_NOW: z.string().optional(),
  /** The API's request queue (plugins/request-queue.ts): requests at once (0 = off), wait limit, length. */
  REQUEST_QUEUE_CONCURRENCY: z.coerce.number().int().min(0).optional(),
  REQUEST_QUEUE_WAIT_MS: z.coerce.number().int().min(1).optional(),
  REQUEST_QUEUE_MAX: z.coerce.number().int().min(0).optional(),
  /** The notification e-mails' SMTP server (smtp://user:pass@host:587); unset = logged, not sent. */
  SMTP_URL: z.string().optional(),
  /** The e-mails' From address. */
  SMTP_FROM: z.string().default('Nursery app <no-reply@localhost>'),
  /** The web app's address as users reach it (https://app.example.com): invitations link there. */
  PUBLIC_URL: z.url().optional(),
  /** Development and e2e only (issue 30): with no SMTP_URL, each sent e-mail is also written here as JSON. */
  MAIL_DROP_DIR: z.string().optional(),
  /** E2E only (issue 30): a session-timeout minute lasts this many milliseconds, so a lock comes in seconds. */
  SESSION_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).optional(),
  /** Issue 30: the integrations service (the CRM page's HubSpot call); unset = the built-in stub. */
  INTEGRATIONS_URL: z.url().optional(),
  /** Sent to the integrations service as a bearer token, when set. */
  INTEGRATIONS_API_KEY: z.string().optional(),
  /**
   * Issue 30: the profile's links, all optional. HELP_URL (no default: no help link), FEEDBACK_URL
   * (default: a mailto: to SUPPORT_EMAIL, else ADMIN_EMAIL), PRIVACY_URL (default: the app's own
   * privacy note on the About page). http(s) or mailto: only.
   */
  HELP_URL: z.url({ protocol: /^(https?|mailto)$/ }).optional(),
  FEEDBACK_URL: z.url({ protocol: /^(https?|mailto)$/ }).optional(),
  PRIVACY_URL: z.url({ protocol: /^(https?|mailto)$/ }).optional(),
  SUPPORT_EMAIL: z.email().optional(),
  /** Issue 32: media in an S3-compatible bucket (lib/object-store) when S3_URL and S3_BUCKET are set; else DATA_DIR/media. */
  S3_URL: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('true'),
});

export interface ServerEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  demoData: boolean;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  trustProxy: boolean | number | string[];
  now?: string;
  /** Only what is set; the rest is the database kind's default (defaultQueueOptions). */
  requestQueue: { concurrency?: number; maxWaitMs?: number; maxQueued?: number };
  smtpUrl?: string;
  smtpFrom: string;
  publicUrl?: string;
  /** Development and e2e only: the log transport also writes each e-mail here (MAIL_DROP_DIR). */
  mailDropDir?: string;
  /** E2E only: a session-timeout minute in milliseconds (SESSION_MINUTE_MS). */
  sessionMinuteMs?: number;
  /** The integrations service (INTEGRATIONS_URL, INTEGRATIONS_API_KEY); no URL = the built-in stub. */
  integrations: { baseUrl?: string; apiKey?: string };
  /** The profile's help, feedback and privacy links (issue 30). */
  links: AppLinks;
  /** Issue 32: the media bucket (S3_*); unset = the media folder on local disk. */
  s3?: S3Settings;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const env = EnvSchema.parse(cleaned);
  return {
    port: env.PORT,
    host: env.HOST,
    // Relative DATA_DIR is relative to where the user ran npm (the repo root for npm scripts).
    dataDir: path.resolve(process.env.INIT_CWD ?? repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    demoData: env.DEMO_DATA === '1',
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    now: env.NURSERY_NOW,
    smtpUrl: env.SMTP_URL,
    smtpFrom: env.SMTP_FROM,
    publicUrl: env.PUBLIC_URL,
    mailDropDir: env.MAIL_DROP_DIR,
    sessionMinuteMs: env.SESSION_MINUTE_MS,
    integrations: { baseUrl: env.INTEGRATIONS_URL, apiKey: env.INTEGRATIONS_API_KEY },
    links: appLinks(env),
    s3: s3Settings(env),
    requestQueue: Object.fromEntries(
      Object.entries({
        concurrency: env.REQUEST_QUEUE_CONCURRENCY,
        maxWaitMs: env.REQUEST_QUEUE_WAIT_MS,
        maxQueued: env.REQUEST_QUEUE_MAX,
      }).filter(([, v]) => v !== undefined),
    ),
  };
}

/** The profile's links from the environment, with a self-hosted install's defaults (issue 30). */
export function appLinks(env: {
  HELP_URL?: string;
  FEEDBACK_URL?: string;
  PRIVACY_URL?: string;
  SUPPORT_EMAIL?: string;
  ADMIN_EMAIL?: string;
}): AppLinks {
  const support =
    env.SUPPORT_EMAIL ?? (z.email().safeParse(env.ADMIN_EMAIL).success ? env.ADMIN_EMAIL : undefined);
  return {
    help: env.HELP_URL ?? null,
    feedback:
      env.FEEDBACK_URL ??
      (support ? `mailto:${support}?subject=${encodeURIComponent('Nursery app feedback')}` : null),
    privacy: env.PRIVACY_URL ?? null,
  };
}

/** The media bucket's settings (issue 32): both S3_URL and S3_BUCKET, or neither (local disk). */
export function s3Settings(env: z.infer<typeof EnvSchema>): S3Settings | undefined {
  if (!env.S3_URL && !env.S3_BUCKET) return undefined;
  if (!env.S3_URL || !env.S3_BUCKET)
    throw new Error(
      'S3_URL and S3_BUCKET go together: set both for a media bucket, or neither for DATA_DIR/media',
    );
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    endpoint: env.S3_URL,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
  };
}

/** TRUST_PROXY: off by default; a hop count or a list of addresses/CIDRs (never 'true' for everyone). */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true')
    throw new Error('TRUST_PROXY=true would believe any client; give a hop count or the proxy addresses');
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
