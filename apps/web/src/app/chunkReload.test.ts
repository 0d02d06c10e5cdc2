import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadFailure, mayReloadForChunk, reloadForChunk } from './chunkReload';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('isChunkLoadFailure', () => {
  it("knows Chromium's, Firefox's and WebKit's messages for a chunk that could not be fetched", () => {
    expect(
      isChunkLoadFailure(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/SyncPage-1.js'),
      ),
    ).toBe(true);
    expect(
      isChunkLoadFailure(new TypeError('error loading dynamically imported module: http://x/a.js')),
    ).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('is false for render errors and anything else', () => {
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isChunkLoadFailure({ status: 404 })).toBe(false);
    expect(isChunkLoadFailure(undefined)).toBe(false);
  });
});

describe('reloading for a failed chunk', () => {
  it('reloads once, then not again within the window, then again after it', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const t0 = 1_800_000_000_000;
    expect(reloadForChunk(storage, t0, reload)).toBe(true);
    expect(reloadForChunk(storage, t0 + CHUNK_RELOAD_WINDOW_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunk(storage, t0 + CHUNK_RELOAD_WINDOW_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('a last reload in the future (a clock set back) does not block reloading', () => {
    expect(mayReloadForChunk(1000, 5000)).toBe(true);
    expect(mayReloadForChunk(1000, null)).toBe(true);
    expect(mayReloadForChunk(1000, 900)).toBe(false);
  });
});
