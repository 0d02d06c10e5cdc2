import type { AppConfig } from '@nursery/domain/account';

/** The id of the page's data block the web app reads at start (apps/web features/auth/session.ts). */
export const EMBEDDED_CONFIG_ID = 'nursery-config';

/**
 * The built page with the configuration as a JSON data block before `</head>`: a `type="application/json"`
 * script is data, never run, so the Content-Security-Policy (script-src 'self') stays as it is. `<` is
 * escaped so no value can close the block.
 */
export function withConfig(html: string, config: AppConfig, preload: SignedInPreload = NO_PRELOAD): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${EMBEDDED_CONFIG_ID}">${json}</script>`;
  const links = [
    ...preload.js.map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`),
    ...preload.css.map((f) => `<link rel="stylesheet" href="./${f}">`),
  ].join('');
  const at = html.indexOf('</head>');
  return at === -1 ? `${block}${links}${html}` : `${html.slice(0, at)}${block}${links}${html.slice(at)}`;
}

/**
 * The signed-in shell's, Home's and its widgets' files (apps/web vite.config.ts writes them to
 * dist/signed-in-preload.json): listed in the page of a device with a live session, they download
 * alongside the entry instead of after it has run. Paths inside dist ('assets/...').
 */
export interface SignedInPreload {
  js: string[];
  css: string[];
}
export const NO_PRELOAD: SignedInPreload = { js: [], css: [] };

const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/** The build's list, checked (only built asset names go into the page); NO_PRELOAD when unreadable. */
export function parsePreload(text: string): SignedInPreload {
  try {
    const v = JSON.parse(text) as Partial<SignedInPreload>;
    const list = (x: unknown) =>
      Array.isArray(x) ? x.filter((f): f is string => typeof f === 'string' && ASSET.test(f)) : [];
    return { js: list(v.js), css: list(v.css) };
  } catch {
    return NO_PRELOAD;
  }
}
