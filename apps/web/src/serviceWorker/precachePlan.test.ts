import { describe, expect, it } from 'vitest';
import { cacheKey, codeCacheName, eachAtMost, fetchOrder, type PrecacheEntry } from './precachePlan';

const entries: PrecacheEntry[] = [
  { url: 'assets/index-a1.js', revision: null },
  { url: 'assets/Home-b2.js', revision: null },
  { url: 'index.html', revision: 'r1' },
  { url: 'assets/Reports-c3.js', revision: null },
  { url: 'assets/Add-d4.js', revision: null },
  { url: 'assets/Add-d4.js', revision: null },
];

describe('the precache plan', () => {
  it('names one cache per build: a changed file or revision is another cache', () => {
    const name = codeCacheName(entries);
    expect(name).toMatch(/^nursery-code-[0-9a-z]+$/);
    expect(codeCacheName([...entries])).toBe(name);
    expect(
      codeCacheName(entries.map((e) => (e.url === 'index.html' ? { ...e, revision: 'r2' } : e))),
    ).not.toBe(name);
    expect(codeCacheName(entries.slice(1))).not.toBe(name);
  });

  it('keys a revisioned file under its revision and a hashed file under its address', () => {
    const scope = 'https://nursery.example/app/';
    expect(cacheKey({ url: 'assets/index-a1.js', revision: null }, scope)).toBe(
      'https://nursery.example/app/assets/index-a1.js',
    );
    expect(cacheKey({ url: 'index.html', revision: 'r1' }, scope)).toBe(
      'https://nursery.example/app/index.html?__revision=r1',
    );
  });

  it('fetches the page and the floor screens first, every other file after, each once', () => {
    const { first, rest } = fetchOrder(entries, ['assets/index-a1.js', 'assets/Add-d4.js', 'assets/gone.js']);
    expect(first.map((e) => e.url)).toEqual(['index.html', 'assets/index-a1.js', 'assets/Add-d4.js']);
    expect(rest.map((e) => e.url)).toEqual(['assets/Home-b2.js', 'assets/Reports-c3.js']);
  });

  it('tries every item at most n at once and answers those that failed', async () => {
    let running = 0;
    let most = 0;
    const failed = await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n % 3 === 0) throw new Error('offline');
    });
    expect(most).toBe(3);
    expect(failed.sort()).toEqual([3, 6]);
  });
});
