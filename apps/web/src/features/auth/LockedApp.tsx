import type { AppConfig } from '@nursery/domain/account';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { whenFirstScreenUp } from '../../lib/firstScreen';
import classes from './LockScreen.module.css';
import { useAppLocked } from './lock';
import { useSession } from './SessionContext';
import { useIdleLock } from './useIdleLock';

/** The server's default session timeout (60 minutes). */
const DEFAULT_IDLE_SECONDS = 60 * 60;

// The lock screen's code comes when it is first needed (the service worker keeps it for offline).
const loadLockScreen = () => import('./LockScreen');
const LockScreen = lazy(() => loadLockScreen().then((m) => ({ default: m.LockScreen })));

/**
 * Issue 30: the signed-in app under its lock. The screens stay mounted while locked (nothing typed is
 * lost), made inert so no tap, key or screen reader reaches them; the lock screen lies over them.
 */
export function LockedApp({ children }: { children: ReactNode }) {
  const { config } = useSession();
  const locked = useAppLocked();
  // A configuration kept on the device by an older version has no `session`: the default timeout.
  const session = config.session as AppConfig['session'] | undefined;
  useIdleLock((session?.idleSeconds ?? DEFAULT_IDLE_SECONDS) * 1000);
  // In this page before it is needed: a tablet may lock while offline.
  useEffect(() => {
    void whenFirstScreenUp().then(() => loadLockScreen().catch(() => undefined));
  }, []);
  return (
    <>
      <div inert={locked} style={{ display: 'contents' }} data-qa="app-under-lock">
        {children}
      </div>
      {locked && (
        <Suspense fallback={<div className={classes.overlay} data-qa="lock-screen-loading" />}>
          <LockScreen />
        </Suspense>
      )}
    </>
  );
}
