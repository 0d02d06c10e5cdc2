// #/settings/staff/{id} and #/settings/staff/new (issue 29): a member's details, sites and roles, room,
// key children, phones and address; adding sends the invitation e-mail. The login's state (invitation
// sent and until when, expired, activated) with Resend; Archive (after a confirmation) and Restore.
// Online only: offline it says so, keeps what was typed and saves nothing.
import { Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { formatDate } from '@nursery/domain/common';
import type { StaffMember, StaffOptions } from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirmDialog';
import { DateField } from '../../components/DateTimeInputs';
import { LockIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE, translateKey } from '../../lib/i18n';
import { useSession } from '../auth';
import { InvitationBadge } from './InvitationBadge';
import classes from './StaffAdmin.module.css';
import { staffAdminApi, staffMemberQuery, staffOptionsQuery } from './staffAdminApi';
import { staffAdminStrings } from './staffAdminStrings';
import {
  type FieldProblem,
  formOf,
  formProblems,
  inputOf,
  type StaffForm,
  serverFieldProblem,
  type TextField,
} from './staffForm';

i18n.addResources(LANGUAGE, 'translation', staffAdminStrings);

/** Every control at least 44 px high (the floor rule). */
const TOUCH = { input: { minHeight: 44 } };

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  const param = useParams().staffID ?? '';
  const adding = param === 'new';
  useDocumentTitle(`${t(adding ? 'staff-admin-new-title' : 'staff-admin-title')} – ${t('app-name')}`);
  return (
    <Stack gap="md" maw={1000} data-qa="staff-member-page">
      <Button component={Link} to="/settings/staff" variant="subtle" mih={44} w="fit-content" px={0}>
        {t('staff-admin-back')}
      </Button>
      {!can('addStaff') ? (
        <Notice color="gray" icon={<LockIcon />} qa="staff-admin-no-access">
          {t('staff-admin-no-access')}
        </Notice>
      ) : adding ? (
        <Loaded staffID={null} />
      ) : (
        <Loaded staffID={Number(param)} />
      )}
    </Stack>
  );
}

function Loaded({ staffID }: { staffID: number | null }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const options = useQuery({ ...staffOptionsQuery(), enabled: !offline, retry: 1 });
  const member = useQuery({
    ...staffMemberQuery(staffID ?? 0),
    enabled: staffID !== null && !offline,
    retry: 1,
  });
  if (offline && (!options.data || (staffID !== null && !member.data)))
    return (
      <Notice color="yellow" qa="staff-admin-offline">
        {t('staff-admin-offline')}
      </Notice>
    );
  if (options.isError || member.isError)
    return (
      <Notice color="red" role="alert" qa="staff-admin-load-failed">
        <Group justify="space-between">
          <span>
            {t(
              member.error instanceof ApiError && member.error.status === 404
                ? 'staff-admin-not-found'
                : 'staff-admin-load-failed',
            )}
          </span>
          <Button variant="light" onClick={() => void Promise.all([options.refetch(), member.refetch()])}>
            {t('permissions-retry')}
          </Button>
        </Group>
      </Notice>
    );
  if (!options.data || (staffID !== null && !member.data))
    return (
      <Text c="dimmed" data-qa="staff-admin-loading">
        {t('staff-admin-loading')}
      </Text>
    );
  return <MemberForm key={member.data?.id ?? 'new'} options={options.data} member={member.data ?? null} />;
}

function MemberForm({ options, member }: { options: StaffOptions; member: StaffMember | null }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const defaultSite = options.sites.some((s) => s.id === session.site.id)
    ? session.site.id
    : (options.sites[0]?.id ?? null);
  const [form, setForm] = useState<StaffForm>(() => formOf(member, defaultSite));
  const [touched, setTouched] = useState(false);
  const [serverProblem, setServerProblem] = useState<{
    field: keyof StaffForm;
    problem: FieldProblem;
  } | null>(null);
  const problems = formProblems(form);
  const set = (patch: Partial<StaffForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerProblem(null);
  };
  const readOnly = member !== null && !member.permittedActions.edit;
  const problemOf = (field: keyof StaffForm): string | null => {
    const p = serverProblem?.field === field ? serverProblem.problem : touched ? problems[field] : undefined;
    return p ? translateKey(p.key, p.limit ? { limit: String(p.limit) } : {}) : null;
  };
  const fullName = (m: { forename: string; surname: string }) => `${m.forename} ${m.surname}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['settings-staff'] });

  const save = useMutation({
    mutationFn: () =>
      member ? staffAdminApi.update(member.id, inputOf(form)) : staffAdminApi.create(inputOf(form)),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'green',
        message: t(member ? 'staff-admin-saved' : 'staff-admin-created', { name: fullName(saved) }),
      });
      queryClient.setQueryData(staffMemberQuery(saved.id).queryKey, saved);
      await refresh();
      if (!member) navigate(`/settings/staff/${saved.id}`, { replace: true });
    },
    onError: (error) => setServerProblem(serverFieldProblem(error)),
  });
  const act = useMutation({
    mutationFn: (action: 'archive' | 'restore' | 'resend') => staffAdminApi[action](member!.id),
    onSuccess: async (saved, action) => {
      const key =
        action === 'archive'
          ? 'staff-admin-archived-done'
          : action === 'restore'
            ? 'staff-admin-restored'
            : 'staff-admin-resent';
      notifications.show({
        color: 'green',
        message: t(key, { name: fullName(saved), email: saved.email ?? '' }),
      });
      queryClient.setQueryData(staffMemberQuery(saved.id).queryKey, saved);
      await refresh();
    },
  });

  const memberSites = new Set([form.siteID, ...form.otherSiteIDs].filter(Boolean).map(Number));
  const rooms = options.rooms.filter((r) => String(r.siteID) === form.siteID);
  const childChoices = useMemo(
    () =>
      options.children
        .filter((c) => memberSites.has(c.siteID) || form.keyChildIDs.includes(String(c.id)))
        .map((c) => ({ value: String(c.id), label: `${c.forename} ${c.surname}` })),
    [options.children, form.keyChildIDs, memberSites],
  );
  const text = (field: TextField, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextInput
      label={label}
      value={form[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      error={problemOf(field)}
      readOnly={readOnly}
      size="md"
      styles={TOUCH}
      data-qa={`staff-field-${field}`}
      {...extra}
    />
  );
  const serverError = save.isError && !serverProblem ? save.error : act.isError ? act.error : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (Object.keys(problems).length === 0 && !offline && !readOnly) save.mutate();
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} fz="h2" data-qa="staff-member-title">
              {member
                ? [member.title, member.forename, member.surname].filter(Boolean).join(' ')
                : t('staff-admin-new-title')}
            </Title>
            {member?.endDate && (
              <Text c="dimmed">{t('staff-admin-end-date', { date: formatDate(member.endDate) })}</Text>
            )}
          </div>
          {member && !member.archived && <InvitationBadge invitation={member.invitation} />}
        </Group>
        {offline && (
          <Notice color="yellow" qa="staff-admin-offline">
            {t('staff-admin-offline')}
          </Notice>
        )}
        <Section title={t('staff-admin-details')}>
          {text('title', t('staff-admin-title-field'))}
          {text('forename', t('staff-admin-forename'))}
          {text('surname', t('staff-admin-surname'))}
          {text('email', t('staff-admin-email'), { type: 'email', autoComplete: 'off' })}
          {text('jobTitle', t('staff-admin-job-title'))}
          <DateField
            label={t('staff-admin-start-date')}
            value={form.startDate}
            onChange={(v) => set({ startDate: v })}
            clearable
            disabled={readOnly}
            error={problemOf('startDate')}
            qa="staff-field-startDate"
          />
        </Section>
        <Section title={t('staff-admin-work')}>
          <Select
            label={t('staff-admin-home-site')}
            data={options.sites.map((s) => ({ value: String(s.id), label: s.name }))}
            value={form.siteID || null}
            onChange={(v) => set({ siteID: v ?? '', roomID: '' })}
            allowDeselect={false}
            readOnly={readOnly}
            error={problemOf('siteID')}
            size="md"
            styles={TOUCH}
            data-qa="staff-field-siteID"
          />
          <ChoiceList
            label={t('staff-admin-other-sites')}
            choices={options.sites
              .filter((s) => String(s.id) !== form.siteID)
              .map((s) => ({ value: String(s.id), label: s.name }))}
            value={form.otherSiteIDs.filter((id) => id !== form.siteID)}
            onChange={(v) => set({ otherSiteIDs: v })}
            readOnly={readOnly}
            error={null}
            qa="staff-field-otherSiteIDs"
          />
          <ChoiceList
            label={t('staff-admin-roles')}
            choices={options.roles.map((r) => ({ value: String(r.id), label: r.name }))}
            value={form.roleIDs}
            onChange={(v) => set({ roleIDs: v })}
            readOnly={readOnly}
            error={problemOf('roleIDs')}
            qa="staff-field-roleIDs"
          />
          <Select
            label={t('staff-admin-room')}
            data={[
              { value: '', label: t('staff-admin-no-room') },
              ...rooms.map((r) => ({ value: String(r.id), label: r.name })),
            ]}
            value={form.roomID}
            onChange={(v) => set({ roomID: v ?? '' })}
            allowDeselect={false}
            readOnly={readOnly}
            error={problemOf('roomID')}
            size="md"
            styles={TOUCH}
            data-qa="staff-field-roomID"
          />
          <ChoiceList
            label={t('staff-admin-key-children')}
            description={t('staff-admin-key-children-hint')}
            choices={childChoices}
            value={form.keyChildIDs}
            onChange={(v) => set({ keyChildIDs: v })}
            readOnly={readOnly}
            error={problemOf('keyChildIDs')}
            qa="staff-field-keyChildIDs"
            scroll
          />
        </Section>
        <Section title={t('staff-admin-contact')}>
          {text('telmob', t('staff-admin-telmob'), { type: 'tel' })}
          {text('telhome', t('staff-admin-telhome'), { type: 'tel' })}
          {text('telwork', t('staff-admin-telwork'), { type: 'tel' })}
          {(['address1', 'address2', 'address3', 'address4', 'address5'] as const).map((field, i) => (
            <div key={field}>{text(field, t('staff-admin-address', { n: String(i + 1) }))}</div>
          ))}
          {text('postCode', t('staff-admin-postcode'))}
        </Section>
        {touched && Object.keys(problems).length > 0 && (
          <Notice color="red" role="alert" qa="staff-admin-fix">
            {t('staff-admin-fix-fields')}
          </Notice>
        )}
        {serverError && (
          <Notice color="red" role="alert" qa="staff-admin-problem">
            {serverError instanceof ApiError && i18n.exists(serverError.code)
              ? translateKey(serverError.code)
              : t('staff-admin-problem', {
                  message: serverError instanceof Error ? serverError.message : String(serverError),
                })}
          </Notice>
        )}
        <Group justify="space-between">
          <Group>
            {member?.permittedActions.resendInvitation && (
              <Button
                variant="default"
                mih={44}
                disabled={offline}
                loading={act.isPending && act.variables === 'resend'}
                onClick={() => act.mutate('resend')}
                data-qa="staff-admin-resend"
              >
                {t('staff-admin-resend')}
              </Button>
            )}
            {member?.permittedActions.archive && (
              <Button
                variant="subtle"
                color="red"
                mih={44}
                disabled={offline}
                onClick={() =>
                  openConfirmDialog({
                    title: t('staff-admin-archive-title', { name: fullName(member) }),
                    body: t('staff-admin-archive-body'),
                    confirmLabel: t('staff-admin-archive'),
                    cancelLabel: t('cancel'),
                    confirmQa: 'staff-admin-archive-confirm',
                    onConfirm: () => act.mutate('archive'),
                  })
                }
                data-qa="staff-admin-archive"
              >
                {t('staff-admin-archive')}
              </Button>
            )}
            {member?.permittedActions.restore && (
              <Button
                variant="default"
                mih={44}
                disabled={offline}
                onClick={() => act.mutate('restore')}
                data-qa="staff-admin-restore"
              >
                {t('staff-admin-restore')}
              </Button>
            )}
          </Group>
          {!readOnly && (
            <Button
              type="submit"
              mih={44}
              disabled={offline}
              loading={save.isPending}
              data-qa="staff-admin-save"
            >
              {t(member ? 'staff-admin-save' : 'staff-admin-create')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <div className={classes.grid}>{children}</div>
    </Paper>
  );
}

/** Several choices as check boxes (each a 44 px target; a long list scrolls in its box). */
function ChoiceList(props: {
  label: string;
  description?: string;
  choices: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  readOnly: boolean;
  error: string | null;
  qa: string;
  scroll?: boolean;
}) {
  return (
    <Checkbox.Group
      label={props.label}
      description={props.description}
      value={props.value}
      onChange={props.readOnly ? undefined : props.onChange}
      error={props.error}
      size="md"
      data-qa={props.qa}
    >
      <div className={props.scroll ? classes.choicesScroll : classes.choices}>
        {props.choices.map((c) => (
          <Checkbox key={c.value} value={c.value} label={c.label} disabled={props.readOnly} />
        ))}
      </div>
    </Checkbox.Group>
  );
}
