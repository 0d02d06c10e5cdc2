import {
  type QueryValue as ContractQueryValue,
  type RouteAnswer,
  type RouteBody,
  type RouteContract,
  type RouteParams,
  type RouteQuery,
  routePath,
} from '@nursery/domain/common';
import { markOffline, markOnline } from './connectivity';

/**
 * The one way the web app talks to the server's REST API. It adds the CSRF header the server demands on
 * every non-GET request, turns `{ err: { code, message } }` answers into `ApiError`, reports network
 * failures to the connectivity store, and tells listeners about 401s so an expired session can return
 * to the login page from anywhere.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds from a `Retry-After` header (429), when given. */
    readonly retryAfterSeconds: number | null = null,
    /** Fields of the error body besides code and message (e.g. the `mediaIDs` a save refers to). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never got an answer from our server (no network, server down, proxy gateway error). */
export class NetworkError extends Error {
  constructor(message = 'Network request failed') {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  query?: Record<string, ContractQueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The login call answers 401 for a wrong password; that must not look like an expired session. */
  skipUnauthorizedHandling?: boolean;
  /** The log-out call itself: sent while the session ends, when every other request is held. */
  endsSession?: boolean;
  /** The lock screen's unlock (issue 30): sent while the locked app holds every other request. */
  unlocksSession?: boolean;
}

/** The server's answer to a locked session (issue 30): the app locks and the request waits for the unlock. */
export const SESSION_LOCKED = 'err-session-locked';

/**
 * Issue 27 ("about 28 requests answer 401 around logout"): from the moment a log-out starts (or the
 * server says the session is over) until the app has left the signed-in screens, no request goes out
 * but the log-out itself. Polls, refreshes, the sync loop and the offline preparation wait here
 * instead of meeting a 401; when the hold ends they are dropped (an AbortError), never sent with a
 * session that is not theirs.
 */
let holding = false;
/** A held request: `go` sends it after all (an unlock), `drop` ends it (the session is over). */
interface Held {
  go: () => void;
  drop: (error: unknown) => void;
}
const held = new Set<Held>();
const holdListeners = new Set<() => void>();

export function holdRequests(): void {
  if (holding) return;
  holding = true;
  for (const listener of [...holdListeners]) listener();
}

export function releaseHeldRequests(): void {
  holding = false;
  for (const request of [...held]) request.drop(new DOMException('The session ended', 'AbortError'));
  held.clear();
}

/**
 * Issue 30: the session was unlocked, so what waited is sent now (with the same session), and what
 * comes next goes at once: the screens under the lock screen carry on as if nothing had happened.
 */
export function resumeHeldRequests(): void {
  holding = false;
  for (const request of [...held]) request.go();
  held.clear();
}

export function requestsHeld(): boolean {
  return holding;
}

/** Work with requests of its own (the offline preparation's photo downloads) stops when a hold starts. */
export function onRequestsHeld(listener: () => void): () => void {
  holdListeners.add(listener);
  return () => holdListeners.delete(listener);
}

/** Requests sent and not yet answered (the log-out waits for them: sent with the session, answered with it). */
let inFlight = 0;
const settledListeners = new Set<() => void>();

/**
 * Resolves when no request is on its way (or after `maxMs`): the log-out goes once what was already
 * sent has its answer, so nothing sent with the live session comes back 401 because the session ended
 * under it.
 */
export function whenRequestsSettled(maxMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      settledListeners.delete(done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    settledListeners.add(done);
  });
}

/** Resolves when the hold ends by an unlock (resumeHeldRequests), rejects when it drops what waited. */
function waitWhileHeld(signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request: Held = {
      go: () => {
        held.delete(request);
        resolve();
      },
      drop: (error: unknown) => {
        held.delete(request);
        reject(error);
      },
    };
    held.add(request);
    signal?.addEventListener('abort', () => request.drop(signal.reason), { once: true });
  });
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** A proxy or load balancer answers these (without our JSON error body) when the app server is unreachable. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

function buildUrl(path: string, query: RequestOptions['query']): string {
  // Relative to the document, so the built app (base './') works wherever it is mounted.
  const relative = path.replace(/^\//, '');
  if (!query) return relative;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `${relative}?${search}` : relative;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

function isErrorBody(value: unknown): value is { err: { code?: unknown; message?: unknown } } {
  return typeof value === 'object' && value !== null && 'err' in value && typeof value.err === 'object';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A GraphQL answer's first error as the REST shape (`extensions.code` carries the same err- codes). */
function graphQLError(value: unknown): { code?: unknown; message?: unknown } | undefined {
  if (typeof value !== 'object' || value === null || !('errors' in value) || !Array.isArray(value.errors))
    return undefined;
  const first = value.errors[0] as { message?: unknown; extensions?: { code?: unknown } } | undefined;
  return first ? { code: first.extensions?.code, message: first.message } : undefined;
}

/** An error answer (REST `err` or GraphQL `errors`) as an ApiError. */
async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const err = isErrorBody(body) ? body.err : graphQLError(body);
  const code = typeof err?.code === 'string' ? err.code : `http-${response.status}`;
  const message = typeof err?.message === 'string' ? err.message : response.statusText;
  const { code: _code, message: _message, ...details } = (err ?? {}) as Record<string, unknown>;
  return new ApiError(
    response.status,
    code,
    message,
    parseRetryAfter(response.headers.get('Retry-After')),
    details,
  );
}

/**
 * One request as every caller needs it: the app's headers, offline detection (a network failure or a
 * gateway's non-JSON error marks the app offline), and a non-2xx answer thrown as an ApiError (a 401
 * told to the session's listeners). Resolves with the 2xx response for the caller to read.
 */
export async function send(
  method: string,
  url: string,
  options: Pick<
    RequestOptions,
    'body' | 'signal' | 'skipUnauthorizedHandling' | 'endsSession' | 'unlocksSession'
  > & {
    accept?: string;
  } = {},
): Promise<Response> {
  const passesHold = options.endsSession || options.unlocksSession;
  if (holding && !passesHold) await waitWhileHeld(options.signal);
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (method !== 'GET') headers['X-Requested-With'] = 'nursery';
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  inFlight += 1;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    markOffline();
    throw new NetworkError();
  } finally {
    settle();
  }

  try {
    return await checkedResponse(response, options);
  } catch (error) {
    // Issue 30: the session is locked. The listeners have put the lock screen up and hold requests;
    // this one waits with the others and is sent again once the user has unlocked.
    if (error instanceof ApiError && error.code === SESSION_LOCKED && holding && !passesHold) {
      await waitWhileHeld(options.signal);
      return send(method, url, options);
    }
    throw error;
  }
}

/** The answer as every caller needs it: a gateway's page marks the app offline, a non-2xx is thrown. */
async function checkedResponse(
  response: Response,
  options: Pick<RequestOptions, 'skipUnauthorizedHandling'>,
): Promise<Response> {
  const isJson = response.headers.get('Content-Type')?.includes('application/json') ?? false;
  if (GATEWAY_STATUSES.has(response.status) && !isJson) {
    markOffline();
    throw new NetworkError(`Server unreachable (${response.status})`);
  }
  markOnline();

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.status === 401 && !options.skipUnauthorizedHandling) {
      for (const listener of unauthorizedListeners) listener(error);
    }
    throw error;
  }
  return response;
}

function settle(): void {
  inFlight -= 1;
  if (inFlight === 0) for (const settled of [...settledListeners]) settled();
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, buildUrl(path, options.query), options);
  // 204 and other empty answers resolve to undefined; callers type those as void.
  return (await readJson(response)) as T;
}

/**
 * A POST whose answer no REST contract describes: only lib/graphql (the GraphQL endpoint answers
 * per operation). Features call the server through their `api.ts` with `callRoute`, never with a
 * path and a hand-written answer type.
 */
export function postJson<T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T> {
  return request<T>('POST', path, { ...options, body });
}

type ContractArgs<C extends RouteContract> = (C extends { params: unknown }
  ? { params: RouteParams<C> }
  : { params?: never }) &
  (C extends { querystring: unknown } ? { query?: RouteQuery<C> } : { query?: never }) &
  (C extends { body: unknown } ? { body: RouteBody<C> } : { body?: never }) &
  Pick<RequestOptions, 'signal' | 'skipUnauthorizedHandling' | 'endsSession' | 'unlocksSession'>;

/**
 * Calls a REST route by its contract (packages/domain/src/schemas): the path, query, body and answer
 * are typed by the schemas the server validates and serialises with. The contract is imported as a
 * type only (no zod in the browser's bundle); its method and path come from the domain's zod-free
 * route table, and the compiler checks them against the contract:
 *   callRoute<typeof getHealth>(routes.getHealth, { signal })
 * Features wrap these calls in their `api.ts` (one client per resource).
 */
export function callRoute<C extends RouteContract>(
  route: Pick<C, 'method' | 'path'>,
  // The arguments may be left out when every one of them is optional (a GET without parameters).
  // biome-ignore lint/complexity/noBannedTypes: `{}` is "nothing required" here, not an object type.
  ...[args]: {} extends ContractArgs<C> ? [args?: ContractArgs<C>] : [args: ContractArgs<C>]
): Promise<RouteAnswer<C>> {
  const a = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, ContractQueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    skipUnauthorizedHandling?: boolean;
    endsSession?: boolean;
    unlocksSession?: boolean;
  };
  return request<RouteAnswer<C>>(route.method, routePath(route.path, a.params), {
    query: a.query,
    body: a.body,
    signal: a.signal,
    skipUnauthorizedHandling: a.skipUnauthorizedHandling,
    endsSession: a.endsSession,
    unlocksSession: a.unlocksSession,
  });
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The address of a GET route for the browser itself to load (an image's src, a link's href): relative
 * like every request of the built app (served from './'), from the same route table and contract.
 */
export function routeUrl<C extends RouteContract>(
  route: Pick<C, 'method' | 'path'> & { method: 'GET' },
  // biome-ignore lint/complexity/noBannedTypes: `{}` is "nothing required" here, not an object type.
  ...[args]: {} extends UrlArgs<C> ? [args?: UrlArgs<C>] : [args: UrlArgs<C>]
): string {
  const a = (args ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions['query'] };
  return buildUrl(routePath(route.path, a.params), a.query);
}

type UrlArgs<C extends RouteContract> = Pick<ContractArgs<C>, 'params' | 'query'>;

export interface UploadOptions {
  /** 0..1, as the body goes out. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST with upload progress (fetch() has none, so this is the app's one XMLHttpRequest),
 * otherwise the same request as every other: held while a session ends, counted until answered, the
 * CSRF header, offline detection, and errors (REST `err`, a 401 told to the session's listeners) read
 * by the same code. Aborting the signal cancels the upload (an AbortError).
 */
export function uploadWithProgress<C extends RouteContract & { method: 'POST' }>(
  route: Pick<C, 'method' | 'path'>,
  form: FormData,
  options: UploadOptions,
): Promise<RouteAnswer<C>> {
  // Held: sent once an unlock resumes the app (issue 30), dropped when the session ends.
  if (holding) return waitWhileHeld(options.signal).then(() => uploadWithProgress(route, form, options));
  const cancelled = () => new DOMException('Upload cancelled', 'AbortError');
  if (options.signal?.aborted) return Promise.reject(cancelled());
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, buildUrl(route.path, undefined));
    xhr.setRequestHeader('X-Requested-With', 'nursery');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress(Math.min(1, e.loaded / e.total));
    };
    inFlight += 1;
    xhr.onloadend = settle;
    xhr.onload = () => {
      const headers = new Headers();
      const contentType = xhr.getResponseHeader('Content-Type');
      if (contentType) headers.set('Content-Type', contentType);
      const retryAfter = xhr.getResponseHeader('Retry-After');
      if (retryAfter) headers.set('Retry-After', retryAfter);
      resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => {
      markOffline();
      reject(new NetworkError());
    };
    xhr.onabort = () => reject(cancelled());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  })
    .then((response) => checkedResponse(response, {}))
    .then(async (response) => {
      options.onProgress(1);
      return (await readJson(response)) as RouteAnswer<C>;
    });
}
