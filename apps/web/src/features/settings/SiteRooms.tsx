// A site's rooms on its page (issue 29): each room an accordion item with its form (name, capacity,
// age range in months, order), archive (after a confirmation) and restore; archived rooms are hidden
// unless asked for; add a room.
import {
  Accordion,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ageRangeValid,
  ROOM_AGE_MAX_MONTHS,
  ROOM_CAPACITY_MAX,
  ROOM_CAPACITY_MIN,
  ROOM_NAME_MAX,
  type RoomInput,
  type RoomSummary,
} from '@nursery/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import i18n from '../../lib/i18n';
import { CONFIG_QUERY_KEY } from '../auth';
import { ArchiveOrRestore, InlineAddForm, RowControl, useInlineAdd, useRowFields } from './InlineRowForm';
import classes from './SitePage.module.css';
import { nameProblem, refusal } from './siteForms';
import { sitesApi } from './sitesApi';

type RoomForm = {
  name: string;
  capacity: number | '';
  ageFromMonths: number | '';
  ageToMonths: number | '';
  sortOrder: number | '';
};

const EMPTY: RoomForm = { name: '', capacity: '', ageFromMonths: '', ageToMonths: '', sortOrder: 0 };

const formOf = (room: RoomSummary): RoomForm => ({
  name: room.name,
  capacity: room.capacity ?? '',
  ageFromMonths: room.ageFromMonths ?? '',
  ageToMonths: room.ageToMonths ?? '',
  sortOrder: room.sortOrder,
});

const FIELDS = ['name', 'capacity', 'ageFromMonths', 'ageToMonths', 'sortOrder'] as const;

/** The form's problems by field (null: none), as the server would answer them. */
function problemsOf(form: RoomForm) {
  const required = (v: number | '') => (v === '' ? i18n.t('this-field-is-required') : null);
  return {
    name: nameProblem(form.name, ROOM_NAME_MAX),
    capacity:
      required(form.capacity) ??
      (Number(form.capacity) < ROOM_CAPACITY_MIN || Number(form.capacity) > ROOM_CAPACITY_MAX
        ? i18n.t('room-capacity-range')
        : null),
    ageFromMonths: required(form.ageFromMonths),
    ageToMonths:
      required(form.ageToMonths) ??
      (form.ageFromMonths !== '' && !ageRangeValid(Number(form.ageFromMonths), Number(form.ageToMonths))
        ? i18n.t('err-room-ages')
        : null),
    sortOrder: required(form.sortOrder),
  };
}

const inputOf = (form: RoomForm, archived: boolean): RoomInput => ({
  name: form.name,
  capacity: Number(form.capacity),
  ageFromMonths: Number(form.ageFromMonths),
  ageToMonths: Number(form.ageToMonths),
  sortOrder: Number(form.sortOrder),
  archived,
});

function useRoomSaved() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    // The floor's room pickers read the rooms from config.
    await queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
  };
}

export function SiteRooms({
  siteID,
  rooms,
  offline,
}: {
  siteID: number;
  rooms: RoomSummary[];
  offline: boolean;
}) {
  const { t } = useTranslation();
  const [showArchived, setShowArchived] = useState(false);
  const shown = rooms.filter((r) => showArchived || !r.archived);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="site-rooms-title" data-qa="site-rooms">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="site-rooms-title">
          {t('sites-rooms')}
        </Title>
        <Checkbox
          label={t('sites-show-archived-rooms')}
          checked={showArchived}
          onChange={(e) => setShowArchived(e.currentTarget.checked)}
          className={classes.check}
          data-qa="site-rooms-show-archived"
        />
      </Group>
      {shown.length === 0 ? (
        <Notice color="gray" icon={<InfoIcon />} qa="site-rooms-empty">
          {t('sites-rooms-empty')}
        </Notice>
      ) : (
        <Accordion multiple variant="separated">
          {shown.map((room) => (
            <RoomItem key={room.id} siteID={siteID} room={room} offline={offline} />
          ))}
        </Accordion>
      )}
      <AddRoom siteID={siteID} offline={offline} />
    </Paper>
  );
}

function RoomFields({
  form,
  set,
  problem,
}: {
  form: RoomForm;
  set: (patch: Partial<RoomForm>) => void;
  problem: (field: (typeof FIELDS)[number]) => string | null;
}) {
  const { t } = useTranslation();
  const num = (v: string | number) => (v === '' ? '' : Number(v));
  return (
    <div className={classes.row}>
      <TextInput
        label={t('sites-room-name')}
        value={form.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={problem('name')}
        data-qa="room-name"
        className={classes.field}
        style={{ flex: 1, minWidth: 200 }}
      />
      <NumberInput
        label={t('sites-room-capacity')}
        value={form.capacity}
        onChange={(v) => set({ capacity: num(v) })}
        min={ROOM_CAPACITY_MIN}
        max={ROOM_CAPACITY_MAX}
        allowDecimal={false}
        hideControls
        clampBehavior="none"
        error={problem('capacity')}
        data-qa="room-capacity"
        className={classes.number}
      />
      <NumberInput
        label={t('sites-room-age-from')}
        value={form.ageFromMonths}
        onChange={(v) => set({ ageFromMonths: num(v) })}
        min={0}
        max={ROOM_AGE_MAX_MONTHS}
        allowDecimal={false}
        hideControls
        error={problem('ageFromMonths')}
        data-qa="room-age-from"
        className={classes.number}
      />
      <NumberInput
        label={t('sites-room-age-to')}
        value={form.ageToMonths}
        onChange={(v) => set({ ageToMonths: num(v) })}
        min={1}
        max={ROOM_AGE_MAX_MONTHS}
        allowDecimal={false}
        hideControls
        error={problem('ageToMonths')}
        data-qa="room-age-to"
        className={classes.number}
      />
      <NumberInput
        label={t('sites-room-sort-order')}
        value={form.sortOrder}
        onChange={(v) => set({ sortOrder: num(v) })}
        min={0}
        max={999}
        allowDecimal={false}
        hideControls
        error={problem('sortOrder')}
        data-qa="room-sort-order"
        className={classes.number}
      />
    </div>
  );
}

function RoomItem({ siteID, room, offline }: { siteID: number; room: RoomSummary; offline: boolean }) {
  const { t } = useTranslation();
  const saved = useRoomSaved();
  const { form, setForm, set, problems, blocked } = useRowFields(() => formOf(room), problemsOf);
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(room));
  const save = useMutation({
    mutationFn: (archived: boolean) => sitesApi.updateRoom(siteID, room.id, inputOf(form, archived)),
    onSuccess: async (next, archived) => {
      const key =
        archived === room.archived
          ? 'sites-room-saved'
          : archived
            ? 'sites-room-archived'
            : 'sites-room-restored';
      notifications.show({ color: 'green', message: t(key, { room: next.name }) });
      setForm(formOf(next));
      await saved();
    },
  });
  const refused = refusal(save.error, FIELDS);
  const summary =
    room.capacity === null || room.ageFromMonths === null || room.ageToMonths === null
      ? t('sites-room-summary-incomplete', { children: String(room.childCount) })
      : t('sites-room-summary', {
          capacity: String(room.capacity),
          from: String(room.ageFromMonths),
          to: String(room.ageToMonths),
          children: String(room.childCount),
        });
  return (
    <Accordion.Item value={String(room.id)} data-qa="site-room" data-room={room.name}>
      <RowControl
        name={room.name}
        summary={summary}
        archived={room.archived ? t('sites-archived') : null}
        unsaved={dirty ? t('sites-unsaved') : null}
      />
      <Accordion.Panel>
        <Stack gap="sm">
          <RoomFields form={form} set={set} problem={(f) => problems[f] ?? refused.field(f)} />
          {refused.general && (
            <Notice color="red" role="alert" qa="room-problem">
              {refused.general}
            </Notice>
          )}
          <Group justify="space-between">
            <ArchiveOrRestore
              archived={room.archived}
              disabled={offline || blocked}
              qa="room"
              texts={{
                restore: t('sites-room-restore', { room: room.name }),
                archive: t('sites-room-archive', { room: room.name }),
                confirmTitle: t('sites-room-archive-title', { room: room.name }),
                confirmBody: t('sites-room-archive-body'),
              }}
              onSave={(archived) => save.mutate(archived)}
            />
            <Button
              disabled={offline || !dirty || blocked}
              loading={save.isPending}
              onClick={() => save.mutate(room.archived)}
              className={classes.touch}
              data-qa="room-save"
            >
              {t('sites-room-save', { room: form.name.trim() || room.name })}
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function AddRoom({ siteID, offline }: { siteID: number; offline: boolean }) {
  const { t } = useTranslation();
  const saved = useRoomSaved();
  const adder = useInlineAdd({
    empty: EMPTY,
    problemsOf,
    fields: FIELDS,
    offline,
    add: (form: RoomForm) => sitesApi.createRoom(siteID, inputOf(form, false)),
    onAdded: (room) => {
      notifications.show({ color: 'green', message: t('sites-room-added', { room: room.name }) });
      return saved();
    },
  });
  return (
    <InlineAddForm
      adder={adder}
      title={{ id: 'site-room-add-title', text: t('sites-room-add-title') }}
      qa={{ form: 'room-add-form', problem: 'room-add-problem', submit: 'room-add' }}
      submitLabel={t('sites-room-add')}
    >
      <RoomFields form={adder.form} set={adder.set} problem={adder.problem} />
    </InlineAddForm>
  );
}
