/**
 * The one error shape of the API: `{ err: { code, message, ...details } }` with a 4xx status (503 and
 * 507 for storage that fails: lib/object-store). Details
 * name what a client can act on (the media ids a save refers to that the server does not hold).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 503 | 507,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'err-not-found', what);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'err-permission-denied', message);
export const notLoggedIn = () => new AppError(401, 'err-not-logged-in', 'You are not logged in.');
