import { z } from 'zod';

/**
 * Issue 27: zod probes `new Function("")` the first time it parses an object, to pick a faster path.
 * Under a Content-Security-Policy without 'unsafe-eval' (the web app's) the browser reports that probe
 * as a violation on every load. Jitless mode skips the probe (and the generated code). The web entry
 * calls this before any schema is used; it is idempotent.
 */
export function enableJitlessSchemas(): void {
  z.config({ jitless: true });
}
