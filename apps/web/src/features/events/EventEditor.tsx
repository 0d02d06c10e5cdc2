/**
 * The add/edit form (spec 000 §2): the type's panels around one form state, the save buttons of the
 * statuses the user may choose, the save icon, delete as a separate confirmed action, history and the
 * start-conversation link. The page (EventEditorPage) decides what to edit and where to go after a save.
 * Issue 13: the form is kept on the device as it is typed and offered back (formDraftHook), leaving it
 * unsaved asks first, a failed save focuses the first problem, a save remembers the type's code.
 * This file holds the form's state and its save and delete; editor/ holds the panels by type
 * (EventPanels), the save bar, the leave guard, the problem focus and the queued save's title.
 */
import { Alert, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EventTypeConfig } from '@nursery/domain/account';
import type { SiteChild } from '@nursery/domain/children';
import { type EventStatusDef, isDraftStatus, SAVED_ICON_MS, statusById } from '@nursery/domain/common';
import { type EventDetail, type SavedEvents, type SaveMessage, saveMessage } from '@nursery/domain/events';
import type { FrameworksAnswer } from '@nursery/domain/frameworks';
import { offlineRefusal } from '@nursery/domain/offline';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import type { SaveState } from '../../components/SaveIcon';
import { refreshAfterServerChange } from '../../lib/afterServerChange';
import { isApiError, NetworkError } from '../../lib/api';
import { now } from '../../lib/clock';
import { translateKey } from '../../lib/i18n';
import { forgetWaitingFile, queueEventSave, waitingMediaFor } from '../../lib/offline/outbox';
import { syncNow } from '../../lib/offline/sync';
import { useSession } from '../auth';
import { eventsApi, saveEvent } from './api';
import { useTwoYearCheck } from './assessment/TwoYearCheck';
import { EventPanels } from './editor/EventPanels';
import { EventSaveBar } from './editor/EventSaveBar';
import { focusProblem } from './editor/focusProblem';
import { outboxTitle } from './editor/outboxTitle';
import { useLeaveGuard } from './editor/useLeaveGuard';
import { codeFlags, type EventForm, toSavePayload } from './form/eventsPart';
import { problemsOf, switchType } from './form/model';
import { formDraftRoute } from './formDraft';
import { useFormDraft } from './formDraftHook';
import { lastCodeFor, rememberLastCode } from './lastCode';
import type { PanelProps } from './panelProps';
import { askPhotoConsent } from './photoConsentConfirm';
import { eventKeys } from './queries';
import { RestoreDraftDialog } from './RestoreDraftDialog';
import { deleteTarget, type SaveTarget, saveTargets } from './saveTargets';

export interface SaveOutcome {
  /** Empty when the save went to this device's outbox (offline). */
  saved: SavedEvents;
  statusID: number;
  /** The offline save message (saved on this device; it uploads when back online). */
  offline?: SaveMessage;
}

interface EventEditorProps {
  type: EventTypeConfig;
  initial: EventForm;
  event: EventDetail | null;
  siteChildren: SiteChild[];
  frameworks: FrameworksAnswer | undefined;
  /** After a successful save (the page navigates). */
  onSaved: (outcome: SaveOutcome) => void;
  /** After a successful delete. */
  onDeleted: () => void;
  /** Rendered above the form: tabs, multi-mode navigation. */
  header?: React.ReactNode;
  /** A restored draft of a new event was typed on another tab (type): the page shows that tab. */
  onTypeChange?: (typeID: number) => void;
}

export function EventEditor({
  type,
  initial,
  event,
  siteChildren,
  frameworks,
  onSaved,
  onDeleted,
  header,
  onTypeChange,
}: EventEditorProps) {
  const { t } = useTranslation();
  const { config, site, me, can } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const [stored] = useState(() =>
    event === null
      ? undefined
      : { date: initial.date, time: initial.time, endDate: initial.endDate, endTime: initial.endTime },
  );
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [showProblems, setShowProblems] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (savedTimer.current) clearTimeout(savedTimer.current);
    },
    [],
  );

  // A new event may change type (tab): who, when and the notes stay; type-specific parts restart.
  const [formType, setFormType] = useState(type.id);
  if (formType !== type.id) {
    setFormType(type.id);
    setForm((f) => switchType(f, { type, codeID: lastCodeFor(me.userID, type.id) }));
  }
  const isNew = event === null;
  const editable = event ? event.editable : true;
  const status = event ? statusById(event.statusID) : undefined;
  // Date, time and child are locked once the event leaves draft (spec 000 §4).
  const whoWhenLocked = !editable || (status !== undefined && !isDraftStatus(status));
  const props: PanelProps = {
    form,
    update: (change) => setForm((f) => change(f)),
    type,
    editable,
    isNew,
    event,
    site,
    siteChildren,
    frameworks,
  };

  const twoYear = useTwoYearCheck(props);
  const problems = useMemo(
    () => problemsOf(form, { type, isNew, timeZone: site.timeZone, now: now(), stored }),
    [form, type, isNew, site.timeZone, stored],
  );

  // Kept on the device as it is typed; offered back on opening (issue 13).
  const draft = useFormDraft({
    userID: me.userID,
    route: formDraftRoute(event?.id ?? null),
    baseVersion: event?.version ?? null,
    initial,
    form,
    setForm: useCallback(
      (f: EventForm) => {
        // Restored on its own tab: the form is already of that type (no withType reset).
        if (onTypeChange && f.typeID !== null && f.typeID !== type.id) {
          setFormType(f.typeID);
          onTypeChange(f.typeID);
        }
        setForm(f);
      },
      [onTypeChange, type.id],
    ),
    enabled: editable,
  });
  const leaving = useLeaveGuard(draft.dirty && editable);
  const problemText = (field: string) => {
    if (!showProblems) return null;
    const p = problems.find((x) => x.field === field);
    return p ? translateKey(p.key, p.params) : null;
  };

  const allTargets = saveTargets({
    type,
    statuses: config.eventStatuses,
    roles: config.eventRoles,
    transitions: config.eventTransitions,
    hasStaffID: me.staffID !== null,
    current: event
      ? { statusID: event.statusID, editable: event.editable, permittedActions: event.permittedActions }
      : null,
  });
  // A two-year check outside the age window, or a second one for the child, hides the save buttons.
  const targets = twoYear.blocksSave ? [] : allTargets;
  const deleteStatus = event ? deleteTarget(config.eventStatuses, event.permittedActions) : null;
  const uploading = form.uploading.length > 0;
  const busy = saveState === 'saving' || uploading;

  async function save(target: SaveTarget, consentAsked = false) {
    setShowProblems(true);
    setSaveError(null);
    if (problems.length > 0) {
      focusProblem(problems[0]!);
      return;
    }
    if (
      !consentAsked &&
      askPhotoConsent({
        childIDs: form.childIDs,
        siteChildren,
        mediaCount: form.mediaIDs.length + form.uploading.length,
        t,
        onConfirm: () => void save(target, true),
      })
    )
      return;
    setSaveState('saving');
    const payload = toSavePayload(form, {
      statusID: target.statusID,
      timeZone: site.timeZone,
      isNew,
      version: event?.version,
    });
    // Photos picked offline are still on this device: the event goes to the outbox with them, so the
    // sync loop uploads the files first and the event after (never an event missing its photos).
    const waiting = waitingMediaFor(form.mediaIDs);
    try {
      if (waiting.length === 0) {
        const saved = await saveEvent({ eventID: event?.id ?? null, payload });
        // The drafts list, Home and the nav counts show the save at once, as after a sync (issue 27);
        // not the open event itself (the save's answer is what the editor goes on with).
        void refreshAfterServerChange(queryClient, event ? { except: eventKeys.detail(event.id) } : {});
        savedDone();
        onSaved({ saved, statusID: target.statusID });
        return;
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) {
        failed(error);
        return;
      }
    }
    // Offline (or files waiting): keep the save on this device. A two-year check stays refused offline.
    if (codeFlags(type, form.codeID).twoyear) {
      setSaveState('idle');
      setSaveError(t(offlineRefusal({ kind: 'two-year-check' })));
      return;
    }
    let notKept: string[];
    try {
      ({ notKept } = await queueEventSave({
        userID: me.userID,
        siteID: site.id,
        payload,
        kind: isNew ? 'create' : 'update',
        eventID: event?.id ?? null,
        baseVersion: event?.version ?? null,
        group: `${type.value} – ${form.date.split('-').reverse().join('/')}`,
        title: outboxTitle(form, siteChildren, t('sync-kind-create')),
        media: waiting,
      }));
    } catch {
      setSaveState('idle');
      setSaveError(t('err-saving', { reason: t('err-saving-files') }));
      return;
    }
    for (const m of waiting) forgetWaitingFile(m.id);
    // The save is kept even when a file is not (issue 27): say which file stayed behind.
    if (notKept.length > 0)
      notifications.show({
        color: 'orange',
        message: t('event-files-not-kept', { names: notKept.join(', ') }),
        autoClose: false,
        'data-qa': 'event-files-not-kept',
      });
    void syncNow({ reset: true });
    savedDone();
    onSaved({
      saved: [],
      statusID: target.statusID,
      offline: saveMessage({
        // The provider's own status row (its name for "saved as {status}"); ids are the known ones.
        status:
          (config.eventStatuses.find((x) => x.id === target.statusID) as EventStatusDef | undefined) ??
          target.statusID,
        hasStaffID: me.staffID !== null,
        offline: true,
      }),
    });
  }

  /** Saved (or queued): the type's code is remembered, the kept draft goes, leaving needs no question. */
  function savedDone() {
    rememberLastCode(me.userID, form.typeID, form.codeID);
    leaving.allow();
    // Not awaited: the next form's read is queued behind this delete on the same database.
    void draft.clear();
    setSaveState('saved');
    savedTimer.current = setTimeout(() => setSaveState('idle'), SAVED_ICON_MS);
  }

  function failed(error: unknown) {
    setSaveState('idle');
    const reason =
      isApiError(error, 409) && error.code === 'err-conflict'
        ? t('event-save-conflict')
        : error instanceof Error
          ? error.message
          : String(error);
    setSaveError(t('err-saving', { reason }));
  }

  function confirmDelete() {
    if (!event || deleteStatus === null) return;
    openConfirmDialog({
      title: t('event-delete-title'),
      body: t('event-delete-confirm'),
      confirmLabel: t('event-delete'),
      cancelLabel: t('cancel'),
      confirmQa: 'event-delete-confirm',
      onConfirm: async () => {
        try {
          // The version this editor loaded: an event published meanwhile is not deleted (a conflict).
          const answer = await eventsApi.transition({
            ids: [event.id],
            statusID: deleteStatus,
            versions: [event.version],
          });
          const result = answer.results[0];
          if (!result?.ok) throw new Error(result?.message ?? t('err-unknown'));
          notifications.show({ color: 'green', message: t('saved-to-deleted'), autoClose: 4000 });
          leaving.allow();
          void draft.clear();
          onDeleted();
        } catch (error) {
          setSaveError(t('err-saving', { reason: error instanceof Error ? error.message : String(error) }));
        }
      },
    });
  }

  const showConversation =
    event !== null && can('sendMessages') && status?.published === true && event.childID !== null;

  return (
    <Stack gap="md" pb={96}>
      <RestoreDraftDialog offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
      {header}
      {!editable && (
        <Alert color="gray" variant="light" data-qa="event-read-only">
          {t('event-read-only', { status: status?.value ?? '' })}
        </Alert>
      )}
      {twoYear.notice}
      {showProblems && problems.length > 0 && (
        <Alert
          color="red"
          variant="light"
          tabIndex={-1}
          data-qa="event-problems"
          title={t('event-problems-title')}
        >
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p.field + p.key} fz="sm">
                {translateKey(p.key, p.params)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {/* The panels' headings are level 3 (SectionPanel); this level 2 names the form they belong to,
          so the page's outline has no gap (axe heading-order). The tabs already show the type. */}
      <VisuallyHidden>
        <Title order={2}>{t('event-form-heading', { type: type.value })}</Title>
      </VisuallyHidden>
      <EventPanels {...props} whoWhenLocked={whoWhenLocked} problemText={problemText} />

      <EventSaveBar
        error={saveError}
        targets={targets}
        busy={busy}
        onSave={(target) => void save(target)}
        noSaveButtons={targets.length === 0 && !twoYear.blocksSave}
        saveState={saveState}
        uploading={uploading}
        historyEventID={event !== null && can('viewEventHistory') ? event.id : null}
        conversationTo={
          showConversation && event
            ? `/conversations/new?childID=${event.childID}&eventID=${event.id}&itemIDs=${Object.keys(form.values).join(',')}`
            : null
        }
        onDelete={deleteStatus !== null ? confirmDelete : null}
      />
    </Stack>
  );
}

export function EditorTitle({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  return (
    <Title order={1} fz={{ base: 24, sm: 28 }}>
      {isNew ? t('event-add-title') : t('event-edit-title')}
    </Title>
  );
}
