import type { AppConfig } from '@nursery/domain';
import { describe, expect, it } from 'vitest';
import { withConfig } from './page.ts';

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
