import type { AppConfig } from '@nursery/domain/account';
import { describe, expect, it } from 'vitest';
import { parsePreload, withConfig } from './page.ts';

describe('withConfig', () => {
  const html =
    '<html><head><script type="module" src="./assets/index.js"></script></head><body></body></html>';

  it('puts the configuration before </head> as a JSON data block', () => {
    const page = withConfig(html, { siteID: 3 } as unknown as AppConfig);
    expect(page).toBe(
      '<html><head><script type="module" src="./assets/index.js"></script>' +
        '<script type="application/json" id="nursery-config">{"siteID":3}</script></head><body></body></html>',
    );
  });

  it('escapes < so no value can close the block or open another tag', () => {
    const config = { name: '</script><script>alert(1)</script>' } as unknown as AppConfig;
    const page = withConfig(html, config);
    const block = /id="nursery-config">(.*?)<\/script>/.exec(page)![1]!;
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual(config);
  });
});

describe('parsePreload', () => {
  it('keeps built asset names only', () => {
    expect(
      parsePreload(
        JSON.stringify({
          js: ['assets/a-1.js', '../secret.js', 'assets/"><script>.js', 3],
          css: ['assets/b.css'],
        }),
      ),
    ).toEqual({ js: ['assets/a-1.js'], css: ['assets/b.css'] });
  });

  it('answers no preloads for a missing or broken list', () => {
    expect(parsePreload('not json')).toEqual({ js: [], css: [] });
    expect(parsePreload('{}')).toEqual({ js: [], css: [] });
  });

  it('lists the preloads before </head>, after the data block', () => {
    const html = '<html><head></head><body></body></html>';
    expect(withConfig(html, {} as AppConfig, { js: ['assets/a.js'], css: ['assets/b.css'] })).toBe(
      '<html><head><script type="application/json" id="nursery-config">{}</script>' +
        '<link rel="modulepreload" crossorigin href="./assets/a.js"><link rel="stylesheet" href="./assets/b.css">' +
        '</head><body></body></html>',
    );
  });
});
