// #/settings/children/{id} (issue 29): a child's record — names, dates, site and room, gender, key
// person, funding and needs, allergies, dietary needs, medical notes, photo consent — with its booking
// patterns (BookingPatterns) and its contacts (read-only: the Contacts page edits them). `new` adds a
// child. The field rules are the server's (childRecord.ts), shown under each field before sending and
// again from a 400 naming the field. Archive (after a confirmation) and restore. Online only: offline it
// says so and keeps what was typed.
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { todayInZone } from '@nursery/domain/common';
import {
  CHILD_GENDERS,
  CHILD_NOTES_MAX,
  type ChildRecord,
  type ChildRecordInput,
  type ChildRecordOptions,
  childFieldProblems,
  type FieldProblem,
} from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirmDialog';
import { LockIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { QueryWaiting } from '../../components/QueryState';
import { ApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { BookingPatterns } from './BookingPatterns';
import classes from './ChildrenAdmin.module.css';
import {
  childOptionsQuery,
  childRecordQuery,
  childrenAdminApi,
  refreshAfterChildChange,
} from './childrenApi';
import { childrenStrings } from './childrenStrings';
import listClasses from './SettingsList.module.css';

i18n.addResources(LANGUAGE, 'translation', childrenStrings);

export function Component() {
  const { t } = useTranslation();
  const { childID = 'new' } = useParams();
  const { can } = useSession();
  const id = childID === 'new' ? null : Number(childID);
  return (
    <Stack gap="md" maw={1000} data-qa="child-record-page">
      <Anchor
        component={Link}
        to="/settings/children"
        className={listClasses.nameLink}
        data-qa="child-record-back"
      >
        {t('children-admin-back')}
      </Anchor>
      {!can('settingsChildren') ? (
        <Notice color="gray" icon={<LockIcon />} qa="children-admin-no-access">
          {t('children-admin-no-access')}
        </Notice>
      ) : id === null ? (
        <ChildForm key="new" record={null} />
      ) : Number.isInteger(id) && id > 0 ? (
        <ExistingChild childID={id} />
      ) : (
        <Notice color="gray" qa="child-record-not-found">
          {t('child-record-not-found')}
        </Notice>
      )}
    </Stack>
  );
}

function ExistingChild({ childID }: { childID: number }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useQuery({ ...childRecordQuery(childID), retry: 1, enabled: !offline });
  if (query.data) return <ChildForm key={childID} record={query.data} />;
  if (query.error instanceof ApiError && query.error.status === 404)
    return (
      <Notice color="gray" qa="child-record-not-found">
        {t('child-record-not-found')}
      </Notice>
    );
  if (offline)
    return (
      <Notice color="yellow" qa="children-admin-offline">
        {t('children-admin-offline')}
      </Notice>
    );
  return (
    <QueryWaiting
      query={query}
      qa="child-record"
      loading={t('children-admin-loading')}
      error={() => t('children-admin-load-failed')}
    />
  );
}

type Form = Required<Omit<ChildRecordInput, 'endDate'>> & { endDate: string };

const formOf = (r: ChildRecord | null, options: ChildRecordOptions | undefined): Form => ({
  forename: r?.forename ?? '',
  surname: r?.surname ?? '',
  dob: r?.dob ?? '',
  startDate: r?.startDate ?? '',
  endDate: r?.endDate ?? '',
  siteID: r?.siteID ?? options?.sites[0]?.id ?? 0,
  roomID: r?.roomID ?? null,
  gender: r?.gender ?? null,
  keyPersonID: r?.keyPersonID ?? null,
  eal: r?.eal ?? false,
  eypp: r?.eypp ?? false,
  send: r?.send ?? false,
  twoYearFunded: r?.twoYearFunded ?? false,
  allergies: r?.allergies ?? '',
  dietaryNeeds: r?.dietaryNeeds ?? '',
  medicalNotes: r?.medicalNotes ?? '',
  photoConsent: r?.photoConsent ?? 'notAsked',
});

function ChildForm({ record }: { record: ChildRecord | null }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery({ ...childOptionsQuery(), retry: 1, enabled: !offline });
  const [form, setForm] = useState<Form | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverProblem, setServerProblem] = useState<FieldProblem | null>(null);
  const title = record ? `${record.forename} ${record.surname}` : t('child-record-new-title');
  useDocumentTitle(`${title} – ${t('app-name')}`);
  const value = form ?? formOf(record, options.data);
  const set = (patch: Partial<Form>) => {
    setForm({ ...value, ...patch });
    setServerProblem(null);
  };
  const problems = childFieldProblems(value, todayInZone(now()));
  const problemOf = (field: string) =>
    (touched ? problems.find((p) => p.field === field)?.message : undefined) ??
    (serverProblem?.field === field ? serverProblem.message : undefined);
  const readOnly = record?.archived ?? false;
  const body = (): ChildRecordInput => ({ ...value, endDate: value.endDate || null });
  const refresh = () => refreshAfterChildChange(queryClient);
  const save = useMutation({
    mutationFn: () => (record ? childrenAdminApi.update(record.id, body()) : childrenAdminApi.create(body())),
    onSuccess: (saved) => {
      const name = `${saved.forename} ${saved.surname}`;
      notifications.show({
        color: 'green',
        message: t(record ? 'child-record-saved' : 'child-record-added', { name }),
      });
      queryClient.setQueryData(childRecordQuery(saved.id).queryKey, saved);
      setForm(null);
      void refresh();
      if (!record) void navigate(`/settings/children/${saved.id}`, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && typeof error.details.field === 'string')
        setServerProblem({ field: error.details.field, message: error.message });
    },
  });
  const archive = useMutation({
    mutationFn: (restore: boolean) =>
      restore ? childrenAdminApi.restore(record!.id) : childrenAdminApi.archive(record!.id),
    onSuccess: (saved, restore) => {
      notifications.show({
        color: 'green',
        message: t(restore ? 'child-record-restored' : 'child-record-archived', { name: title }),
      });
      queryClient.setQueryData(childRecordQuery(saved.id).queryKey, saved);
      setForm(null);
      void refresh();
    },
  });
  const sites = options.data?.sites ?? [];
  const rooms = (options.data?.rooms ?? []).filter((r) => r.siteID === value.siteID);
  const staff = (options.data?.staff ?? []).filter((s) => s.siteIDs.includes(value.siteID));
  const saveError =
    save.error && !(save.error instanceof ApiError && save.error.details.field) ? save.error : null;
  const failure = saveError ?? archive.error;

  return (
    <>
      <Title order={1} fz="h2" data-qa="child-record-title">
        {title}
      </Title>
      {offline && (
        <Notice color="yellow" qa="children-admin-offline">
          {t('children-admin-offline')}
        </Notice>
      )}
      {readOnly && (
        <Notice color="gray" qa="child-record-archived">
          {t('child-record-archived-note')}
        </Notice>
      )}
      <Paper
        withBorder
        p="md"
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (problems.length === 0 && !offline) save.mutate();
        }}
      >
        <fieldset disabled={readOnly} style={{ border: 0, margin: 0, padding: 0 }}>
          <div className={classes.grid}>
            <TextInput
              label={t('child-record-forename')}
              required
              value={value.forename}
              size="md"
              onChange={(e) => set({ forename: e.currentTarget.value })}
              error={problemOf('forename')}
              data-qa="child-record-forename"
            />
            <TextInput
              label={t('child-record-surname')}
              required
              value={value.surname}
              size="md"
              onChange={(e) => set({ surname: e.currentTarget.value })}
              error={problemOf('surname')}
              data-qa="child-record-surname"
            />
            <TextInput
              label={t('children-admin-dob')}
              type="date"
              required
              value={value.dob}
              size="md"
              onChange={(e) => set({ dob: e.currentTarget.value })}
              error={problemOf('dob')}
              data-qa="child-record-dob"
            />
            <Select
              label={t('child-record-gender')}
              size="md"
              value={value.gender ?? ''}
              allowDeselect={false}
              data={[
                { value: '', label: t('child-record-gender-none') },
                ...CHILD_GENDERS.map((g) => ({ value: g, label: t(`child-record-gender-${g}`) })),
              ]}
              onChange={(v) => set({ gender: (v || null) as Form['gender'] })}
              data-qa="child-record-gender"
            />
            <TextInput
              label={t('children-admin-start')}
              type="date"
              required
              value={value.startDate}
              size="md"
              onChange={(e) => set({ startDate: e.currentTarget.value })}
              error={problemOf('startDate')}
              data-qa="child-record-start"
            />
            <TextInput
              label={t('children-admin-leave')}
              type="date"
              value={value.endDate}
              size="md"
              onChange={(e) => set({ endDate: e.currentTarget.value })}
              error={problemOf('endDate')}
              data-qa="child-record-leave"
            />
            <Select
              label={t('children-admin-site')}
              size="md"
              allowDeselect={false}
              value={String(value.siteID)}
              data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
              onChange={(v) => set({ siteID: Number(v), roomID: null, keyPersonID: null })}
              error={problemOf('siteID')}
              data-qa="child-record-site"
            />
            <Select
              label={t('children-admin-room')}
              size="md"
              allowDeselect={false}
              value={value.roomID === null ? '' : String(value.roomID)}
              data={[
                { value: '', label: t('children-admin-no-room') },
                ...rooms.map((r) => ({ value: String(r.id), label: r.name })),
              ]}
              onChange={(v) => set({ roomID: v ? Number(v) : null })}
              error={problemOf('roomID')}
              data-qa="child-record-room"
            />
            <Select
              label={t('child-record-key-person')}
              size="md"
              allowDeselect={false}
              searchable
              value={value.keyPersonID === null ? '' : String(value.keyPersonID)}
              data={[
                { value: '', label: t('child-record-no-key-person') },
                ...staff.map((s) => ({ value: String(s.id), label: `${s.forename} ${s.surname}` })),
              ]}
              onChange={(v) => set({ keyPersonID: v ? Number(v) : null })}
              error={problemOf('keyPersonID')}
              data-qa="child-record-key-person"
            />
            <Select
              label={t('child-record-photo-consent')}
              size="md"
              allowDeselect={false}
              value={value.photoConsent}
              data={(['yes', 'no', 'notAsked'] as const).map((c) => ({
                value: c,
                label: t(`child-record-photo-consent-${c}`),
              }))}
              onChange={(v) => set({ photoConsent: (v ?? 'notAsked') as Form['photoConsent'] })}
              data-qa="child-record-photo-consent"
            />
          </div>
          <Text fw={600} mt="md" mb="xs">
            {t('child-record-flags')}
          </Text>
          <div className={classes.grid}>
            {(['eal', 'eypp', 'send', 'twoYearFunded'] as const).map((flag) => (
              <Checkbox
                key={flag}
                size="md"
                label={t(`child-record-${flag === 'twoYearFunded' ? 'two-year-funded' : flag}`)}
                checked={value[flag]}
                onChange={(e) => set({ [flag]: e.currentTarget.checked })}
                data-qa={`child-record-${flag}`}
              />
            ))}
          </div>
          <Stack gap="sm" mt="md">
            {(['allergies', 'dietaryNeeds', 'medicalNotes'] as const).map((field) => (
              <Textarea
                key={field}
                size="md"
                autosize
                minRows={2}
                label={t(
                  `child-record-${field === 'dietaryNeeds' ? 'dietary-needs' : field === 'medicalNotes' ? 'medical-notes' : 'allergies'}`,
                )}
                value={value[field] ?? ''}
                onChange={(e) => set({ [field]: e.currentTarget.value })}
                description={`${(value[field] ?? '').length} / ${CHILD_NOTES_MAX}`}
                error={problemOf(field)}
                data-qa={`child-record-${field}`}
              />
            ))}
          </Stack>
        </fieldset>
        {failure && (
          <Notice color="red" role="alert" qa="child-record-problem" mt="md">
            {t('child-record-problem', { message: failure.message })}
          </Notice>
        )}
        <Group justify="space-between" mt="md">
          {record && (
            <Button
              variant="subtle"
              color={record.archived ? 'blue' : 'red'}
              mih={44}
              disabled={offline}
              loading={archive.isPending}
              onClick={() =>
                record.archived
                  ? archive.mutate(true)
                  : openConfirmDialog({
                      title: t('child-record-archive-title', { name: title }),
                      body: t('child-record-archive-body'),
                      confirmLabel: t('child-record-archive'),
                      cancelLabel: t('cancel'),
                      confirmQa: 'child-record-archive-confirm',
                      onConfirm: () => archive.mutate(false),
                    })
              }
              data-qa={record.archived ? 'child-record-restore' : 'child-record-archive'}
            >
              {t(record.archived ? 'child-record-restore' : 'child-record-archive')}
            </Button>
          )}
          {!readOnly && (
            <Button
              type="submit"
              mih={44}
              ml="auto"
              disabled={offline}
              loading={save.isPending}
              data-qa="child-record-save"
            >
              {t(record ? 'child-record-save' : 'child-record-add')}
            </Button>
          )}
        </Group>
      </Paper>
      {record ? (
        <>
          <BookingPatterns
            record={record}
            sessions={(options.data?.sessions ?? []).filter((s) => s.siteID === record.siteID)}
            offline={offline}
          />
          <Paper withBorder p="md" component="section" aria-labelledby="child-record-contacts">
            <Title order={2} fz="h4" id="child-record-contacts" mb="sm">
              {t('child-record-contacts')}
            </Title>
            {record.contacts.length === 0 ? (
              <Text c="dimmed">{t('child-record-no-contacts')}</Text>
            ) : (
              <Stack gap={4} data-qa="child-record-contact-list">
                {record.contacts.map((c) => (
                  <Text key={c.id}>
                    {c.forename} {c.surname}
                  </Text>
                ))}
              </Stack>
            )}
          </Paper>
        </>
      ) : (
        <Text c="dimmed">{t('child-record-save-first')}</Text>
      )}
    </>
  );
}
