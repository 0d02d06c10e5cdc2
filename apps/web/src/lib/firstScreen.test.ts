import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: "up" is decided once per page.
async function load() {
  vi.resetModules();
  return import('./firstScreen');
}

describe('first screen up', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the session answer and a quiet spell without fetching queries', async () => {
    const m = await load();
    let answered = false;
    let fetching = 2;
    m.watchFirstScreen(
      () => answered,
      () => fetching,
    );
    await vi.advanceTimersByTimeAsync(600);
    expect(m.isFirstScreenUp()).toBe(false);
    answered = true;
    await vi.advanceTimersByTimeAsync(600);
    expect(m.isFirstScreenUp()).toBe(false);
    fetching = 0;
    await vi.advanceTimersByTimeAsync(100);
    expect(m.isFirstScreenUp()).toBe(false);
    // A fetch starting during the quiet spell starts it again.
    fetching = 1;
    await vi.advanceTimersByTimeAsync(100);
    fetching = 0;
    await vi.advanceTimersByTimeAsync(200);
    expect(m.isFirstScreenUp()).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(m.isFirstScreenUp()).toBe(true);
    await expect(m.whenFirstScreenUp()).resolves.toBeUndefined();
  });

  it('is up at the latest after FIRST_SCREEN_MAX_MS when the screen never settles', async () => {
    const m = await load();
    m.watchFirstScreen(
      () => true,
      () => 1,
    );
    await vi.advanceTimersByTimeAsync(m.FIRST_SCREEN_MAX_MS - 100);
    expect(m.isFirstScreenUp()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(m.isFirstScreenUp()).toBe(true);
  });
});
