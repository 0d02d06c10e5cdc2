import { useEffect } from 'react';
import { isAppLocked, lockApp, subscribeLock } from './lock';

/** What counts as someone using the tablet (requests do not: a screen's polling is not a person). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Issue 30: the client's own idle lock. After `idleMs` without a touch, key or pointer the app locks,
 * also offline (the server's lock needs a request to be noticed). Checked on a timer and whenever the
 * page is seen again (a tablet waking from sleep).
 */
export function useIdleLock(idleMs: number): void {
  useEffect(() => {
    let last = Date.now();
    const touch = () => {
      last = Date.now();
    };
    const check = () => {
      if (!isAppLocked() && Date.now() - last >= idleMs) lockApp();
    };
    // After an unlock the idle time counts from then.
    const stopWatchingLock = subscribeLock(() => {
      if (!isAppLocked()) touch();
    });
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, touch, { capture: true, passive: true });
    document.addEventListener('visibilitychange', check);
    const timer = setInterval(check, Math.min(15_000, Math.max(1_000, idleMs / 4)));
    return () => {
      stopWatchingLock();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch, { capture: true });
      document.removeEventListener('visibilitychange', check);
      clearInterval(timer);
    };
  }, [idleMs]);
}
