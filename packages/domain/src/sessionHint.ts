// Kept apart from the zod schemas: the web app's entry reads it, and must not pull zod in with it.
/**
 * A cookie without any secret, set beside the (HttpOnly) session cookie at login and cleared at logout:
 * it tells the web app's first script that this browser is probably signed in, so the signed-in
 * screens' code is fetched alongside the session check instead of after it (bench "home cold"). The
 * session cookie alone decides access; a stale hint costs one early download, nothing more.
 */
export const SIGNED_IN_HINT_COOKIE = 'nursery_signed_in';
