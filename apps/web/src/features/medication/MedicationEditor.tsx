// The medication record's form (spec 002 §4, §5; issue 31): the child's allergies and medical notes at
// the top, the fields and the three signatures, and 'Save as' each allowed status but the current one.
// A save first runs the spec's pre-save checks (an alert) and the field checks (beside each field),
// then the dose check (a confirmation naming the last dose), then sends. What is typed is kept on the
// device (useFormDraft) and leaving with unsaved changes asks first (useLeaveGuard).
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EventStatus, statusById, todayInZone } from '@nursery/domain/common';
import {
  isMedicationEditable,
  type MedicationDose,
  type MedicationFieldProblems,
  type MedicationRecord as MedicationRecordAnswer,
  type MedicationSetup,
  medicationFieldProblems,
  medicationPreSaveProblem,
  medicationSaveAsStatuses,
  type UpdateMedicationEventInput,
} from '@nursery/domain/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickableChild } from '../../components/ChildPicker';
import { openConfirmDialog } from '../../components/confirmDialog';
import { Notice } from '../../components/Notice';
import { StickySaveBar } from '../../components/StickySaveBar';
import { isApiError, NetworkError } from '../../lib/api';
import { now } from '../../lib/clock';
import { isOffline } from '../../lib/connectivity';
import { translateKey } from '../../lib/i18n';
import { randomUuid } from '../../lib/uuid';
import { useSession } from '../auth';
import { childPhotoUrl } from '../children';
import { RestoreDraftDialog, useFormDraft, useLeaveGuard } from '../events';
import { medicationApi, medicationKeys, medicationSetupQuery } from './api';
import { ChildHealth } from './ChildHealth';
import { ConsentAtCollection } from './ConsentAtCollection';
import classes from './MedicationEditor.module.css';
import { MedicationFields } from './MedicationFields';
import { MedicationPrintSummary } from './MedicationPrintSummary';
import {
  doseWarning,
  formFromRecord,
  type MedicationFormState,
  newMedicationForm,
  toSaveInput,
} from './medicationForm';
import { medicationOperations, queuedDoses, queueMedicationSave } from './offline/medicationQueue';

export interface MedicationEditorProps {
  /** The stored record; null for a new one. */
  record: MedicationRecordAnswer | null;
  setup: MedicationSetup;
  siteChildren: readonly PickableChild[];
  onClose: () => void;
}

const personName = (p: { forename: string; surname: string }) => `${p.forename} ${p.surname}`;

/** The first field with a problem is brought into view and focused (its box's data-problem-field). */
function focusFirstProblem(problems: MedicationFieldProblems) {
  const first = Object.keys(problems)[0];
  if (!first) return;
  requestAnimationFrame(() => {
    const box = document.querySelector<HTMLElement>(`[data-problem-field="${first}"]`);
    box?.scrollIntoView({ block: 'center' });
    const control = box?.matches('input, select, textarea')
      ? box
      : box?.querySelector<HTMLElement>('input, select, textarea, button');
    control?.focus({ preventScroll: true });
  });
}

export function MedicationEditor({ record, setup, siteChildren, onClose }: MedicationEditorProps) {
  const { t } = useTranslation();
  const { site, me, config } = useSession();
  const queryClient = useQueryClient();
  const timeZone = site.timeZone;
  const [initial] = useState<MedicationFormState>(() =>
    record
      ? formFromRecord(record, timeZone)
      : newMedicationForm({ now: now(), timeZone, typeID: setup.typeID, codeID: setup.codes[0]?.id ?? null }),
  );
  const [form, setForm] = useState(initial);
  // An add's client id: the server answers a replay of the same add with the record stored first.
  const [uuid] = useState(() => randomUuid());
  const [attempted, setAttempted] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const currentStatus = record?.statusID ?? null;
  const editable = record
    ? record.permittedActions.edit && isMedicationEditable(record.statusID)
    : setup.canAdd;
  const allowed = record ? record.permittedActions.saveAs : setup.saveAs;
  // Every status but the current one; those the record may not be saved as now are shown disabled
  // (a published record: all of them, spec 002 §4 "its save button is disabled").
  const saveAs = medicationSaveAsStatuses(currentStatus);

  const draft = useFormDraft({
    userID: me.userID,
    route: `medication/${record?.id ?? 'new'}`,
    baseVersion: record?.version ?? null,
    initial,
    form,
    setForm,
    enabled: editable,
  });
  const guard = useLeaveGuard(editable && draft.dirty, { body: t('leave-without-saving') });
  const childSetup = useQuery({
    ...medicationSetupQuery(site.id, form.childID ?? 0),
    enabled: form.childID !== null,
  });
  const childData = form.childID !== null ? childSetup.data : undefined;
  const problems = attempted && editable ? medicationFieldProblems(form, now()) : {};
  // After a save was tried the checks follow the form: a pre-save check (spec 002 §5) until it is
  // met, then a reminder while a field has a problem; else what the server or the device answered.
  const preSave = attempted && editable ? medicationPreSaveProblem(form) : null;
  const shownAlert = preSave ?? (Object.keys(problems).length > 0 ? 'medication-fix-fields' : alert);

  const update = (change: (f: MedicationFormState) => MedicationFormState) => setForm((f) => change(f));

  /**
   * The child's doses as the dose check reads them: the server's (read again when online, else the
   * device's copy) and the saves waiting on this device.
   */
  const recentDoses = async (childID: number): Promise<MedicationDose[]> => {
    const query = medicationSetupQuery(site.id, childID);
    let server: MedicationDose[];
    try {
      server = isOffline()
        ? (queryClient.getQueryData(query.queryKey)?.recentDoses ?? [])
        : (await queryClient.fetchQuery({ ...query, staleTime: 0 })).recentDoses;
    } catch {
      server = queryClient.getQueryData(query.queryKey)?.recentDoses ?? [];
    }
    return [...server, ...queuedDoses(await medicationOperations(me.userID), childID)];
  };

  const saved = async (message: string, color: string) => {
    await draft.clear();
    guard.allow();
    void queryClient.invalidateQueries({ queryKey: medicationKeys.all });
    notifications.show({ color, message, autoClose: color === 'blue' ? 8000 : 4000 });
    onClose();
  };

  /** No network: the save waits in the device's one queue and is sent once when back online. */
  const keepOnDevice = async (input: UpdateMedicationEventInput) => {
    const child = siteChildren.find((c) => c.id === form.childID);
    const op = await queueMedicationSave({
      userID: me.userID,
      siteID: site.id,
      uuid: record ? randomUuid() : uuid,
      eventID: record?.id ?? null,
      input,
      title: child ? `${form.name} – ${personName(child)}` : form.name,
      at: now().getTime(),
    });
    if (op) await saved(t('medication-saved-offline'), 'blue');
    else setAlert('medication-save-failed');
  };

  const send = async (status: number) => {
    setSaving(true);
    const input = toSaveInput(form, {
      id: record?.id ?? null,
      version: record?.version ?? null,
      uuid: record ? null : uuid,
      status,
      timeZone,
    });
    try {
      if (isOffline()) await keepOnDevice(input);
      else {
        await medicationApi.save(input);
        await saved(t('medication-saved', { status: statusById(status)?.value ?? '' }), 'green');
      }
    } catch (error) {
      if (error instanceof NetworkError) await keepOnDevice(input);
      else setAlert(isApiError(error) ? error.code : 'medication-save-failed');
    } finally {
      setSaving(false);
    }
  };

  const trySave = async (status: number) => {
    setAttempted(true);
    setAlert(null);
    if (medicationPreSaveProblem(form)) return;
    const found = medicationFieldProblems(form, now());
    if (Object.keys(found).length > 0) {
      focusFirstProblem(found);
      return;
    }
    const warning =
      form.childID === null
        ? null
        : doseWarning(form, await recentDoses(form.childID), { eventID: record?.id ?? null, timeZone });
    if (!warning) {
      await send(status);
      return;
    }
    openConfirmDialog({
      title: t('medication-dose-title'),
      body: translateKey('medication-dose-within-interval', { ...warning }),
      confirmLabel: t('medication-dose-confirm'),
      cancelLabel: t('medication-dose-cancel'),
      confirmQa: 'medication-dose-confirm',
      cancelQa: 'medication-dose-cancel',
      danger: false,
      onConfirm: () => void send(status),
    });
  };

  const staff = setup.staff.map((s) => ({ id: s.id, name: personName(s) }));
  const contacts = childData?.contacts.map((c) => ({
    id: c.id,
    personID: c.personID,
    name: c.relation ? `${personName(c)} (${c.relation})` : personName(c),
  }));

  const printChild = siteChildren.find((c) => c.id === record?.childID);
  const printChildName = printChild ? personName(printChild) : '';

  return (
    <Stack gap="md" data-qa="medication-record" data-event-id={record?.id ?? 'new'}>
      <Group justify="space-between" align="center" data-print="hide">
        <Title order={2} size="h3">
          {t(record ? 'medication-record-title' : 'medication-new-title')}
        </Title>
        {currentStatus !== null && (
          <Badge size="lg" variant="light" data-qa="medication-status">
            {statusById(currentStatus)?.value}
          </Badge>
        )}
      </Group>
      {record && (
        <MedicationPrintSummary
          record={record}
          childName={printChildName}
          health={childData?.child ?? null}
          timeZone={timeZone}
        />
      )}
      {record && !editable && (
        <Notice color="blue" qa="medication-read-only">
          {t('medication-published-readonly')}
        </Notice>
      )}
      <div data-print="hide">
        <ChildHealth
          child={childData?.child ?? null}
          pending={form.childID !== null && childSetup.fetchStatus === 'fetching'}
          unavailable={form.childID !== null && !childData && childSetup.fetchStatus !== 'fetching'}
        />
        <MedicationFields
          form={form}
          update={update}
          readOnly={!editable}
          problems={problems}
          storedSignatures={record?.signatures ?? []}
          siteChildren={siteChildren}
          keyChildIDs={config.keyChildren}
          rooms={site.rooms}
          photoUrl={childPhotoUrl}
          staff={staff}
          contacts={contacts}
          today={todayInZone(now(), timeZone)}
        />
      </div>
      {record?.permittedActions.addConsent &&
        !record.signatures.some((x) => x.signatureType === 'Consent') && (
          <ConsentAtCollection eventID={record.id} contacts={contacts} />
        )}
      <StickySaveBar qa="medication-save-bar">
        {shownAlert && (
          <Notice color="red" role="alert" qa="medication-alert">
            {translateKey(shownAlert)}
          </Notice>
        )}
        <div className={classes.actions}>
          <Button variant="default" onClick={onClose} data-qa="medication-close">
            {t('medication-close')}
          </Button>
          {saveAs.map((status) => (
            <Button
              key={status}
              onClick={() => void trySave(status)}
              disabled={!editable || saving || !allowed.includes(status)}
              loading={saving}
              variant={status === EventStatus.Published ? 'filled' : 'light'}
              data-qa={`medication-save-as-${status}`}
            >
              {t('medication-save-as', { status: statusById(status)?.value ?? '' })}
            </Button>
          ))}
        </div>
      </StickySaveBar>
      <RestoreDraftDialog offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
    </Stack>
  );
}
