import { SIGNED_IN_HINT_COOKIE } from '@nursery/domain/account';

/**
 * The server's signed-in hint (packages/domain SIGNED_IN_HINT_COOKIE: no secret, set at login, cleared
 * at logout): with it, the signed-in screens' code loads alongside the session check (app/router.tsx).
 */
export function hasSignedInHint(): boolean {
  try {
    return document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
  } catch {
    return false;
  }
}

/** The session turned out to be gone (expired on the server): the next start waits for the check again. */
export function clearSignedInHint(): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain, secret-free hint; the Cookie Store API is not in every tablet browser
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    // No cookies: nothing to clear.
  }
}
