import { describe, expect, it } from 'vitest';
import { codeComplete, codeParts, countPrecacheEntries, floorList } from './codeReadiness';

// The shape of the built worker (vite-plugin-pwa injectManifest, minified): a file may be listed twice.
const SW = `(function(){const e=[{"revision":null,"url":"assets/a-1b2c3d4e.js"},{"revision":null,"url":"assets/b-5f6a7b8c.css"},{"revision":"9d8e","url":"index.html"},{"revision":"77aa","url":"icon.svg"},{"revision":"77aa","url":"icon.svg"}];})();`;

describe('code readiness (issue 27)', () => {
  it('counts the distinct files of the precache manifest', () => {
    expect(countPrecacheEntries(SW)).toBe(4);
    expect(countPrecacheEntries('')).toBe(0);
  });

  it("reads the floor screens' files the build writes at the top of sw.js", () => {
    const sw = `self.__NURSERY_FLOOR=["assets/b-5f6a7b8c.css","assets/a-1b2c3d4e.js"];\n${SW}`;
    expect(floorList(sw)).toEqual(['assets/b-5f6a7b8c.css', 'assets/a-1b2c3d4e.js']);
    expect(floorList(SW)).toEqual([]);
  });

  it('counts every stored file plus the worker taking control', () => {
    expect(codeParts({ stored: 0, total: 4, controlled: false })).toEqual({ done: 0, total: 5 });
    expect(codeParts({ stored: 4, total: 4, controlled: false })).toEqual({ done: 4, total: 5 });
    // A cache holding more than the manifest (an older build's files) never reads as more than all.
    expect(codeParts({ stored: 9, total: 4, controlled: false })).toEqual({ done: 4, total: 5 });
    // The worker controls once the floor's files are stored; the rest still counts.
    expect(codeParts({ stored: 1, total: 4, controlled: true })).toEqual({ done: 2, total: 5 });
    expect(codeParts({ stored: 4, total: 4, controlled: true })).toEqual({ done: 5, total: 5 });
  });

  it('is complete only with every file stored and the worker in control', () => {
    expect(codeComplete({ stored: 4, total: 4, controlled: true })).toBe(true);
    expect(codeComplete({ stored: 3, total: 4, controlled: true })).toBe(false);
    expect(codeComplete({ stored: 4, total: 4, controlled: false })).toBe(false);
    expect(codeComplete({ stored: 0, total: 0, controlled: true })).toBe(false);
  });
});
