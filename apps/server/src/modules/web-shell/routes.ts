// The web app's page at `/` (issue 15, "Home is usable within 1.5 s of navigation with a cold cache").
// A device with a live staff session gets the page with the session's configuration in it, so the app
// starts with what its first call (GET api/v1/config) would answer and Home's data can be asked for at
// once: one round trip less before Home on a cold start. The page also lists the signed-in shell's and
// Home's files as preloads, so they download with the entry rather than after it has run. Anyone else,
// or any failure, gets the page as built. The service worker keeps and serves the built page (its precache fetches /index.html), so this
// only changes a load from the network. docs/decisions.md "Home cold start: the configuration in the page".
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppConfig } from '@nursery/domain/account';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { SESSION_COOKIE, sessionOf } from '../../plugins/auth.ts';
import { loadConfig } from '../config/index.ts';
import { NO_PRELOAD, parsePreload, type SignedInPreload, withConfig } from './page.ts';

export async function webShellRoutes(app: FastifyInstance, deps: AppDeps, webDist: string) {
  const file = path.join(webDist, 'index.html');
  const preloadFile = path.join(webDist, 'signed-in-preload.json');
  // The built page and its preload list, read again when a build replaces them.
  let page: { mtimeMs: number; html: string; preload: SignedInPreload } | null = null;
  const builtPage = async () => {
    const { mtimeMs } = await stat(file);
    if (page?.mtimeMs !== mtimeMs) {
      const preload = await readFile(preloadFile, 'utf8').then(parsePreload, () => NO_PRELOAD);
      page = { mtimeMs, html: await readFile(file, 'utf8'), preload };
    }
    return page;
  };
  const plain = (reply: FastifyReply) => reply.sendFile('index.html');

  app.get('/', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return plain(reply);
    try {
      const auth = await sessionOf(
        { db: deps.db, now: () => deps.clock.now(), minuteMs: deps.sessionMinuteMs },
        token,
      );
      // A locked session (issue 30) gets the plain page: its configuration comes after the unlock.
      if (!auth || auth.locked || auth.staffId === null) return plain(reply);
      // As the API answers it (the contract's schema), so the app reads exactly what the call gives.
      const config = AppConfig.parse(await loadConfig(deps.db, auth, deps.links));
      const built = await builtPage();
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          // The user's own configuration: never kept by a shared or disk cache, never served to another.
          .header('cache-control', 'no-store')
          .header('vary', 'cookie')
          .send(withConfig(built.html, config, built.preload))
      );
    } catch (error) {
      request.log.warn({ err: error }, 'web shell: the page without its configuration');
      return plain(reply);
    }
  });
}
