import type { AppConfig } from '@nursery/domain';

/** The id of the page's data block the web app reads at start (apps/web features/auth/session.ts). */
export const EMBEDDED_CONFIG_ID = 'nursery-config';

/**
 * The built page with the configuration as a JSON data block before `</head>`: a `type="application/json"`
 * script is data, never run, so the Content-Security-Policy (script-src 'self') stays as it is. `<` is
 * escaped so no value can close the block.
 */
export function withConfig(html: string, config: AppConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${EMBEDDED_CONFIG_ID}">${json}</script>`;
  const at = html.indexOf('</head>');
  return at === -1 ? `${block}${html}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}
