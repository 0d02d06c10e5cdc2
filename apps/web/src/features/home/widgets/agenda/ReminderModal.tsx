import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ageLabel } from '@nursery/domain/children';
import { DATE_FORMAT, formatMessage, isMessageKey } from '@nursery/domain/common';
import {
  type HomeOverviewAnswer,
  matchesPersonSearch,
  normaliseReminderNotes,
  type ReminderProblem,
  reminderProblems,
} from '@nursery/domain/home';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import { AlertIcon } from '../../../../components/icons';
import { Notice } from '../../../../components/Notice';
import { LoadingLine } from '../../../../components/QueryState';
import { isApiError } from '../../../../lib/api';
import { useIsOffline } from '../../../../lib/connectivity';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { siteChildrenQuery } from '../../../events';
import { siteStaffQuery } from '../../../staff';
import { homeApi } from '../../api';
import { homeKeys } from '../../useHomeOverview';
import classes from '../widgets.module.css';
import { type DraftKey, draftFor, dropDraft, updateDraft, useDraftVersion } from './reminderDraft';

export interface ReminderModalProps {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
  overview: HomeOverviewAnswer;
  /** The reminder being edited, or null for a new one. */
  editing: HomeOverviewAnswer['reminders'][number] | null;
}

const byName = (a: { forename: string; surname: string }, b: { forename: string; surname: string }) =>
  a.surname.localeCompare(b.surname, 'en-GB') || a.forename.localeCompare(b.forename, 'en-GB');

/**
 * Add or edit a reminder (spec 002 §5): children and staff chosen from a searchable list, the date
 * (today or later) and the notes with their counter. The form lives in reminderDraft.ts, so closing
 * the modal keeps it.
 */
export function ReminderModal({ opened, onClose, onSaved, overview, editing }: ReminderModalProps) {
  const { t } = useTranslation();
  const { site } = useSession();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  useDraftVersion();
  const key: DraftKey = editing ? `edit:${editing.id}` : 'add';
  const draft = draftFor(key, () =>
    editing
      ? { childIDs: editing.childIDs, staffIDs: editing.staffIDs, due: editing.due, notes: editing.notes }
      : { childIDs: [], staffIDs: [], due: overview.date, notes: '' },
  );
  const set = (change: Parameters<typeof updateDraft>[1]) => updateDraft(key, change);
  const [tried, setTried] = useState(false);
  const children = useQuery({ ...siteChildrenQuery(site.id), enabled: opened });
  const staff = useQuery({ ...siteStaffQuery(site.id), enabled: opened });

  const limit = overview.notesCharacterLimit;
  const problems = reminderProblems(
    { subjects: draft.childIDs.length + draft.staffIDs.length, due: draft.due, notes: draft.notes },
    overview.date,
    limit,
  );
  const problemText = (field: ReminderProblem['field']) => {
    const p = problems.find((x) => x.field === field);
    if (!tried || !p) return null;
    return formatMessage(p.key, p.field === 'notes' ? { limit: p.limit } : {});
  };

  const save = useMutation({
    mutationFn: () => {
      const subjects = [
        ...draft.childIDs.map((childID) => ({ childID })),
        ...draft.staffIDs.map((staffID) => ({ staffID })),
      ];
      const body = { siteID: site.id, subjects, due: draft.due, notes: draft.notes };
      return editing
        ? homeApi.editReminder(editing.id, { ...body, version: editing.version })
        : homeApi.addReminder({ ...body, uuid: draft.uuid });
    },
    onSuccess: async () => {
      dropDraft(key);
      setTried(false);
      await queryClient.invalidateQueries({ queryKey: homeKeys.overview(site.id) });
      onSaved();
    },
    onError: async (error) => {
      // Someone else saved first: show their version; the form keeps what was typed.
      if (isApiError(error, 409))
        await queryClient.invalidateQueries({ queryKey: homeKeys.overview(site.id) });
    },
  });

  const submit = () => {
    setTried(true);
    if (offline || problems.length > 0) return;
    save.mutate();
  };

  const chosen = new Set([...draft.childIDs.map((id) => `c${id}`), ...draft.staffIDs.map((id) => `s${id}`)]);
  const toggleChild = (id: number) =>
    set({
      childIDs: draft.childIDs.includes(id)
        ? draft.childIDs.filter((x) => x !== id)
        : [...draft.childIDs, id],
    });
  const toggleStaff = (id: number) =>
    set({
      staffIDs: draft.staffIDs.includes(id)
        ? draft.staffIDs.filter((x) => x !== id)
        : [...draft.staffIDs, id],
    });

  const roomName = useMemo(() => new Map(site.rooms.map((r) => [r.id, r.name])), [site.rooms]);
  const childRows = useMemo(
    () =>
      [...(children.data ?? [])]
        .filter((c) => !c.endDate || c.endDate >= overview.date)
        .filter((c) => matchesPersonSearch(c, draft.search))
        .sort(byName),
    [children.data, draft.search, overview.date],
  );
  const staffRows = useMemo(
    () => [...(staff.data ?? [])].filter((s) => matchesPersonSearch(s, draft.search)).sort(byName),
    [staff.data, draft.search],
  );

  const saveError = save.error
    ? isApiError(save.error, 409)
      ? t('reminder-conflict')
      : isApiError(save.error) && isMessageKey(save.error.code)
        ? formatMessage(save.error.code)
        : t('reminder-save-failed')
    : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        <Title order={2} fz="lg">
          {t(editing ? 'reminder-edit-title' : 'reminder-add-title')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('reminder-cancel'), size: 'xl' }}
      data-qa="reminder-modal"
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fw={600} id="reminder-who">
              {t('reminder-who')}
            </Text>
            <Text size="sm" c="dimmed" data-qa="reminder-chosen">
              {t('reminder-chosen', { count: chosen.size })}
            </Text>
          </Group>
          <TextInput
            label={t('reminder-search')}
            value={draft.search}
            onChange={(e) => set({ search: e.currentTarget.value })}
            size="md"
            data-qa="reminder-search"
          />
          {children.isPending || staff.isPending ? (
            <LoadingLine text={t('reminder-people-loading')} />
          ) : (
            <fieldset className={classes.pickerList} aria-labelledby="reminder-who" data-qa="reminder-people">
              {childRows.length > 0 && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt={4}>
                  {t('reminder-children')}
                </Text>
              )}
              {childRows.map((c) => (
                <Checkbox
                  key={`c${c.id}`}
                  className={classes.pickerRow}
                  checked={chosen.has(`c${c.id}`)}
                  onChange={() => toggleChild(c.id)}
                  size="md"
                  wrapperProps={{ 'data-qa': `reminder-child-${c.id}` }}
                  label={
                    <span className={classes.pickerLabel}>
                      <ChildAvatar child={c} photoUrl={childPhotoUrl} small />
                      <span className={classes.rowText}>
                        <Text size="sm" fw={600} component="span" data-qa="reminder-person-name">
                          {c.forename} {c.surname}
                        </Text>
                        <Text size="xs" c="dimmed" component="span">
                          {[
                            c.dob ? ageLabel(c.dob, overview.date) : null,
                            c.roomID ? roomName.get(c.roomID) : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </span>
                    </span>
                  }
                />
              ))}
              {staffRows.length > 0 && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt={4}>
                  {t('reminder-staff')}
                </Text>
              )}
              {staffRows.map((s) => (
                <Checkbox
                  key={`s${s.staffID}`}
                  className={classes.pickerRow}
                  checked={chosen.has(`s${s.staffID}`)}
                  onChange={() => toggleStaff(s.staffID)}
                  size="md"
                  wrapperProps={{ 'data-qa': `reminder-staff-${s.staffID}` }}
                  label={
                    <span className={classes.pickerLabel}>
                      <ChildAvatar
                        child={{ id: s.staffID, forename: s.forename, surname: s.surname }}
                        small
                      />
                      <Text size="sm" fw={600} component="span">
                        {s.forename} {s.surname}
                      </Text>
                    </span>
                  }
                />
              ))}
              {childRows.length === 0 && staffRows.length === 0 && (
                <Text size="sm" c="dimmed" p="xs">
                  {t('reminder-no-match')}
                </Text>
              )}
            </fieldset>
          )}
          {problemText('subjects') && (
            <Text c="red.8" size="sm" role="alert" data-qa="reminder-subjects-error">
              {problemText('subjects')}
            </Text>
          )}
        </Stack>
        <DatePickerInput
          label={t('reminder-date')}
          value={draft.due}
          onChange={(value) => value && set({ due: value })}
          valueFormat={DATE_FORMAT}
          minDate={overview.date}
          firstDayOfWeek={1}
          error={problemText('due')}
          size="md"
          popoverProps={{ withinPortal: true }}
          styles={{
            day: { width: '2.75rem', height: '2.75rem' },
            calendarHeaderControl: { width: '2.75rem', height: '2.75rem' },
          }}
          data-qa="reminder-date"
        />
        <Textarea
          label={t('reminder-notes')}
          value={draft.notes}
          onChange={(e) => set({ notes: e.currentTarget.value })}
          autosize
          minRows={3}
          maxRows={10}
          size="md"
          error={problemText('notes')}
          description={t('reminder-notes-count', {
            used: String(normaliseReminderNotes(draft.notes).length),
            limit: String(limit),
          })}
          data-qa="reminder-notes"
        />
        {offline && (
          <Notice color="yellow" icon={<AlertIcon />} qa="reminder-offline">
            {formatMessage(editing ? 'edit-reminder-offline' : 'create-reminder-offline')}
          </Notice>
        )}
        {saveError && (
          <Notice color="red" icon={<AlertIcon />} role="alert" qa="reminder-save-error">
            {saveError}
          </Notice>
        )}
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="md"
            onClick={() => {
              dropDraft(key);
              setTried(false);
              onClose();
            }}
            data-qa="reminder-clear"
          >
            {t('reminder-clear')}
          </Button>
          <Button
            size="md"
            onClick={submit}
            loading={save.isPending}
            disabled={offline}
            data-qa="reminder-save"
          >
            {t('reminder-save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
