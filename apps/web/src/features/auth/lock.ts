// Issue 30: the app's lock on a shared tablet. Locked, every request waits (lib/api.ts holds them) and
// the lock screen covers the app, whose screens stay mounted underneath; the unlock sends what waited.
import { holdRequests, resumeHeldRequests } from '../../lib/api';
import { createStore } from '../../lib/store';
import { useStore } from '../../lib/useStore';

const locked = createStore(false);
/** What had the focus when the app locked: it gets it back after the unlock. */
let focusBeforeLock: Element | null = null;

/** Locks the app: the idle timer ran out, or the server answered err-session-locked. */
export function lockApp(): void {
  holdRequests();
  if (locked.get()) return;
  focusBeforeLock = typeof document === 'undefined' ? null : document.activeElement;
  locked.set(true);
}

/** The PIN was right: the app carries on where it was, and what waited is sent. */
export function unlockApp(): void {
  locked.set(false);
  resumeHeldRequests();
  const focus = focusBeforeLock;
  focusBeforeLock = null;
  if (typeof HTMLElement !== 'undefined' && focus instanceof HTMLElement && focus.isConnected) focus.focus();
}

/** The session ended (log-out, expiry, too many wrong PINs): the lock goes with it. */
export function clearLock(): void {
  focusBeforeLock = null;
  locked.set(false);
}

export const isAppLocked = (): boolean => locked.get();
export const subscribeLock = locked.subscribe;
export const useAppLocked = (): boolean => useStore(locked, false);
