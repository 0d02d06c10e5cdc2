/**
 * Keeps the add/edit form on the device while it is typed (issue 13): a debounced write after each
 * change, and at once when the page is hidden or left, or the form unmounts (another screen). On
 * opening, a kept draft is offered back; until the user answers, the kept draft is not overwritten
 * (what they typed last time must not be lost by a stray keystroke). A save clears it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { now } from '../../lib/clock';
import { waitingFile } from '../../lib/offline/outbox';
import {
  type DraftableForm,
  FORM_DRAFT_DEBOUNCE_MS,
  type FormDraft,
  isFormDirty,
  isWorthOffering,
  lostMediaCount,
  restoredForm,
} from './formDraft';
import { deleteFormDraft, readFormDraft, writeFormDraft } from './formDraftStore';

export interface FormDraftOptions<F extends DraftableForm> {
  userID: number;
  route: string;
  /** The edited event's version (edit), null for a new event. */
  baseVersion: number | null;
  initial: F;
  form: F;
  setForm: (form: F) => void;
  /** Only an editable form is kept. */
  enabled: boolean;
}

export interface FormDraftOffer {
  savedAt: number;
  /** Photos picked offline that were only in the closed page's memory. */
  lostMedia: number;
  /** The event was saved by someone (or something) since the draft was written. */
  changedSince: boolean;
}

export interface FormDraftState {
  offer: FormDraftOffer | null;
  restore: () => void;
  discard: () => void;
  /** After a successful save (or a queued one): stop keeping the form and remove the draft. */
  clear: () => Promise<void>;
  dirty: boolean;
}

const stillWaiting = (id: string) => waitingFile(id) !== undefined;

export function useFormDraft<F extends DraftableForm>(o: FormDraftOptions<F>): FormDraftState {
  const { userID, route, baseVersion, initial, form, setForm, enabled } = o;
  const [found, setFound] = useState<FormDraft<F> | null>(null);
  const answered = useRef(false);
  const closed = useRef(false);
  const wrote = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ form, initial, enabled, baseVersion });
  latest.current = { form, initial, enabled, baseVersion };
  const dirty = isFormDirty(form, initial);

  const flush = useCallback(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const cur = latest.current;
    if (closed.current || !answered.current || !cur.enabled) return;
    if (isFormDirty(cur.form, cur.initial)) {
      wrote.current = true;
      void writeFormDraft(userID, {
        route,
        baseVersion: cur.baseVersion,
        form: cur.form,
        waitingMediaIDs: cur.form.mediaIDs.filter(stillWaiting),
        savedAt: now().getTime(),
      });
    } else if (wrote.current) {
      // Changed back to how it opened: nothing to keep.
      wrote.current = false;
      void deleteFormDraft(userID, route);
    }
  }, [userID, route]);

  // On opening: a kept draft worth offering waits for the user's answer.
  useEffect(() => {
    let cancelled = false;
    answered.current = false;
    void readFormDraft<F>(userID, route, now().getTime()).then((draft) => {
      if (cancelled) return;
      // A form that cannot be edited (locked since) offers nothing; the row expires.
      if (draft && !latest.current.enabled) return;
      if (draft && isWorthOffering(draft, latest.current.initial)) {
        setFound(draft);
        return;
      }
      if (draft) void deleteFormDraft(userID, route);
      answered.current = true;
      flush();
    });
    return () => {
      cancelled = true;
    };
  }, [userID, route, flush]);

  // Each change: write after a pause in typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is the trigger; flush reads it from the ref
  useEffect(() => {
    if (!answered.current || closed.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, FORM_DRAFT_DEBOUNCE_MS);
  }, [form, flush]);

  // Hidden (another app, the tablet locked), closed or reloaded: write now. Unmounted: write now.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const restore = useCallback(() => {
    if (!found) return;
    setForm(restoredForm(found, latest.current.initial, stillWaiting));
    setFound(null);
    answered.current = true;
    wrote.current = true;
  }, [found, setForm]);

  const discard = useCallback(() => {
    setFound(null);
    answered.current = true;
    wrote.current = false;
    void deleteFormDraft(userID, route).then(flush);
  }, [userID, route, flush]);

  const clear = useCallback(async () => {
    closed.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await deleteFormDraft(userID, route);
  }, [userID, route]);

  const offer: FormDraftOffer | null = found
    ? {
        savedAt: found.savedAt,
        lostMedia: lostMediaCount(found, stillWaiting),
        changedSince: found.baseVersion !== null && baseVersion !== null && found.baseVersion !== baseVersion,
      }
    : null;
  return { offer, restore, discard, clear, dirty };
}
