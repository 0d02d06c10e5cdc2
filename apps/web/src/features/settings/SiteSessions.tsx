// A site's sessions (combos) on its page (issue 29): the sessions children are booked into, each with
// its name, times within the opening hours and whether it is offered; add a session. A session is never
// deleted (bookings name it): it is no longer offered.
import { Badge, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  SESSION_NAME_MAX,
  type SessionInput,
  type SessionSummary,
  type SiteSummary,
  sessionTimesProblem,
} from '@nursery/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../components/DateTimeInputs';
import { Notice } from '../../components/Notice';
import i18n from '../../lib/i18n';
import { InlineAddForm, useInlineAdd, useRowFields } from './InlineRowForm';
import classes from './SitePage.module.css';
import { SiteSection } from './SiteSection';
import { nameProblem, refusal } from './siteForms';
import { sitesApi } from './sitesApi';

type SessionForm = Required<SessionInput>;
const FIELDS = ['name', 'start', 'end'] as const;

const formOf = (s: SessionSummary): SessionForm => ({
  name: s.name,
  start: s.start,
  end: s.end,
  enabled: s.enabled,
  sortOrder: s.sortOrder,
});

function problemsOf(form: SessionForm, site: SiteSummary) {
  const times =
    form.start && form.end ? sessionTimesProblem(form.start, form.end, site) : ('required' as const);
  return {
    name: nameProblem(form.name, SESSION_NAME_MAX),
    start: times === 'session-outside-opening-hours' ? i18n.t('err-session-times') : null,
    end:
      times === 'required'
        ? i18n.t('this-field-is-required')
        : times === 'session-end-before-start'
          ? i18n.t('err-session-times')
          : null,
  };
}

export function SiteSessions({
  site,
  sessions,
  offline,
}: {
  site: SiteSummary;
  sessions: SessionSummary[];
  offline: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SiteSection
      qa="site-sessions"
      title={t('sites-sessions')}
      intro={t('sites-sessions-intro')}
      emptyText={t('sites-sessions-empty')}
      isEmpty={sessions.length === 0}
      list={
        <Stack gap="sm">
          {sessions.map((s) => (
            <SessionRow key={s.id} site={site} session={s} offline={offline} />
          ))}
        </Stack>
      }
    >
      <SessionEditor site={site} offline={offline} />
    </SiteSection>
  );
}

function SessionFields({
  form,
  set,
  problem,
}: {
  form: SessionForm;
  set: (patch: Partial<SessionForm>) => void;
  problem: (field: (typeof FIELDS)[number]) => string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.row}>
      <TextInput
        label={t('sites-session-name')}
        value={form.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={problem('name')}
        data-qa="session-name"
        style={{ flex: 1, minWidth: 200, maxWidth: 320 }}
      />
      <TimeField
        label={t('sites-session-start')}
        value={form.start}
        onChange={(v) => set({ start: v })}
        error={problem('start')}
        qa="session-start"
      />
      <TimeField
        label={t('sites-session-end')}
        value={form.end}
        onChange={(v) => set({ end: v })}
        error={problem('end')}
        qa="session-end"
      />
      <Switch
        label={t('sites-session-enabled')}
        checked={form.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
        className={classes.check}
        mt={24}
        data-qa="session-enabled"
      />
    </div>
  );
}

function SessionRow({
  site,
  session,
  offline,
}: {
  site: SiteSummary;
  session: SessionSummary;
  offline: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, setForm, set, problems, blocked } = useRowFields(
    () => formOf(session),
    (f: SessionForm) => problemsOf(f, site),
  );
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(session));
  const save = useMutation({
    mutationFn: () => sitesApi.updateSession(site.id, session.id, form),
    onSuccess: async (next) => {
      notifications.show({ color: 'green', message: t('sites-session-saved', { session: next.name }) });
      setForm(formOf(next));
      await queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    },
  });
  const refused = refusal(save.error, FIELDS);
  return (
    <div className={classes.item} data-qa="site-session" data-session={session.name}>
      <SessionFields form={form} set={set} problem={(f) => problems[f] ?? refused.field(f)} />
      {refused.general && (
        <Notice color="red" role="alert" qa="session-problem">
          {refused.general}
        </Notice>
      )}
      <Group justify="flex-end" gap="sm">
        {!session.enabled && (
          <Badge color="gray" variant="light">
            {t('sites-session-disabled')}
          </Badge>
        )}
        {dirty && (
          <Badge color="yellow" variant="light">
            {t('sites-unsaved')}
          </Badge>
        )}
        <Button
          variant="default"
          disabled={offline || !dirty || blocked}
          loading={save.isPending}
          onClick={() => save.mutate()}
          className={classes.touch}
          data-qa="session-save"
        >
          {t('sites-session-save', { session: form.name.trim() || session.name })}
        </Button>
      </Group>
    </div>
  );
}

function SessionEditor({ site, offline }: { site: SiteSummary; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const empty: SessionForm = {
    name: '',
    start: site.opensAt,
    end: site.closesAt,
    enabled: true,
    sortOrder: 0,
  };
  const adder = useInlineAdd({
    empty,
    problemsOf: (form: SessionForm) => problemsOf(form, site),
    fields: FIELDS,
    offline,
    add: (form: SessionForm) => sitesApi.createSession(site.id, form),
    onAdded: (s) => {
      notifications.show({ color: 'green', message: t('sites-session-added', { session: s.name }) });
      return queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    },
  });
  useFollowOpeningHours(site, adder.form, adder.set);
  return (
    <InlineAddForm
      adder={adder}
      title={{ id: 'site-session-add-title', text: t('sites-session-add-title') }}
      qa={{ problem: 'session-add-problem', submit: 'session-add' }}
      submitLabel={t('sites-session-add')}
    >
      <SessionFields form={adder.form} set={adder.set} problem={adder.problem} />
    </InlineAddForm>
  );
}

/**
 * The add form offers the site's opening hours as a new session's times: when the hours change on the
 * same page, times still at the old hours follow them (times the user typed stay as typed).
 */
function useFollowOpeningHours(
  site: SiteSummary,
  form: SessionForm,
  set: (patch: Partial<SessionForm>) => void,
) {
  const hours = useRef({ start: site.opensAt, end: site.closesAt });
  useEffect(() => {
    const before = hours.current;
    hours.current = { start: site.opensAt, end: site.closesAt };
    const follow: Partial<SessionForm> = {};
    if (form.start === before.start && before.start !== site.opensAt) follow.start = site.opensAt;
    if (form.end === before.end && before.end !== site.closesAt) follow.end = site.closesAt;
    if (follow.start !== undefined || follow.end !== undefined) set(follow);
  }, [site.opensAt, site.closesAt, form.start, form.end, set]);
}
