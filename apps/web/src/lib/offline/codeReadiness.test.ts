import { describe, expect, it } from 'vitest';
import { codeParts, countPrecacheEntries, warmList } from './codeReadiness';

// The shape workbox's generateSW writes (minified): a file may be listed twice.
const SW = `define(["./workbox-1"],function(s){"use strict";self.skipWaiting,s.clientsClaim(),s.precacheAndRoute([{url:"assets/a-1b2c3d4e.js",revision:null},{url:"assets/b-5f6a7b8c.css",revision:null},{url:"index.html",revision:"9d8e"},{url:"icon.svg",revision:"77aa"},{url:"icon.svg",revision:"77aa"}],{})});`;

describe('code readiness (issue 27)', () => {
  it('counts the distinct files of the precache manifest', () => {
    expect(countPrecacheEntries(SW)).toBe(4);
    expect(countPrecacheEntries('')).toBe(0);
  });

  it("reads the warm-up's ordered list the build writes at the top of sw.js", () => {
    const sw = `self.__NURSERY_WARM=["assets/b-5f6a7b8c.css","assets/a-1b2c3d4e.js"];${SW}`;
    expect(warmList(sw)).toEqual(['assets/b-5f6a7b8c.css', 'assets/a-1b2c3d4e.js']);
    expect(warmList(SW)).toEqual([]);
  });

  it('counts every stored entry plus the worker taking control', () => {
    expect(codeParts({ stored: 0, total: 4, controlled: false })).toEqual({ done: 0, total: 5 });
    expect(codeParts({ stored: 4, total: 4, controlled: false })).toEqual({ done: 4, total: 5 });
    // A cache holding more than the manifest (an older build's files) never reads as done.
    expect(codeParts({ stored: 9, total: 4, controlled: false })).toEqual({ done: 4, total: 5 });
    expect(codeParts({ stored: 1, total: 4, controlled: true })).toEqual({ done: 5, total: 5 });
  });
});
