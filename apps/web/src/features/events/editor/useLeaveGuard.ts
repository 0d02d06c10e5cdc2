import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { markBusy } from '../../../lib/offline/busy';
import { getSessionState } from '../../auth';

/**
 * Leaving a form with unsaved changes asks first: in the app (react-router's blocker, with the confirm
 * dialog) and for a reload or closing the tab (the browser's own beforeunload question). The changes
 * are kept on the device either way, so the question only makes sure leaving was meant. A navigation
 * that keeps the form mounted passes `state: { keepForm: true }`. A session that is over (a log-out, an
 * expiry, the fifth wrong PIN on the lock screen, issue 30) goes to login without asking: there is no
 * staying in it, and the changes are kept on the device. A form may ask its own question (the
 * medication record's, spec 002 §4).
 */
export function useLeaveGuard(dirty: boolean, question?: { body: string }) {
  const { t } = useTranslation();
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ nextLocation }) =>
      dirty &&
      !allowed.current &&
      getSessionState() === 'active' &&
      (nextLocation.state as { keepForm?: boolean } | null)?.keepForm !== true,
  );
  const current = useRef(blocker);
  current.current = blocker;
  // Keyed by the blocked location too: a tap that follows Stay before React commits the reset (a busy
  // tablet, a transition yielding) is blocked again with the state still 'blocked', and must ask again.
  const blockedLocation = blocker.state === 'blocked' ? blocker.location : undefined;
  useEffect(() => {
    if (blockedLocation === undefined) return;
    let answered = false;
    openConfirmDialog({
      title: t('form-leave-title'),
      body: question?.body ?? t('form-leave-body'),
      confirmLabel: t('form-leave-confirm'),
      cancelLabel: t('form-leave-stay'),
      confirmQa: 'form-leave-confirm',
      cancelQa: 'form-leave-stay',
      danger: false,
      onConfirm: () => {
        answered = true;
        // Leaving was meant: until the form unmounts (the next screen may still be loading) its
        // blocker must not hold back another navigation, or a quick second tap is silently dropped.
        allowed.current = true;
        current.current.proceed?.();
      },
      onClose: () => {
        if (!answered) current.current.reset?.();
      },
    });
  }, [blockedLocation, t, question?.body]);
  useEffect(() => {
    if (!dirty) return;
    const done = markBusy('event-form');
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      done();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
  return {
    /** After a save: the page navigates away on purpose. */
    allow: () => {
      allowed.current = true;
    },
  };
}
