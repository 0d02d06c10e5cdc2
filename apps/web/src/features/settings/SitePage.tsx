// #/settings/sites/{siteID} (issue 29): one site's details (name, address, phone, opening days and
// hours, registers), archive and restore, and its rooms, closures and sessions. settingsSites; online
// only: offline it says so and keeps what was typed.
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  normaliseWeekdays,
  OPENING_WEEKDAYS,
  openingHoursValid,
  SITE_ADDRESS_LINE_MAX,
  SITE_ADDRESS_LINES,
  SITE_NAME_MAX,
  SITE_PHONE_MAX,
  SITE_POSTCODE_MAX,
  type SiteDetail,
  type SiteInput,
  type SiteSummary,
} from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TimeField } from '../../components/DateTimeInputs';
import { LockIcon, OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { QueryWaiting } from '../../components/QueryState';
import { ApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { CONFIG_QUERY_KEY, useSession } from '../auth';
import { ArchiveOrRestore } from './InlineRowForm';
import { SiteClosures } from './SiteClosures';
import classes from './SitePage.module.css';
import { SiteRooms } from './SiteRooms';
import { SiteSessions } from './SiteSessions';
import { lengthProblem, nameProblem, refusal } from './siteForms';
import { siteQuery, sitesApi } from './sitesApi';
import { sitesStrings } from './sitesStrings';

i18n.addResources(LANGUAGE, 'translation', sitesStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  const siteID = Number(useParams().siteID);
  return (
    <Stack gap="md" maw={1000} data-qa="site-page">
      <Anchor href="#/settings/sites" className={classes.back} data-qa="site-back">
        {t('sites-back')}
      </Anchor>
      {can('settingsSites') ? (
        <Site siteID={siteID} />
      ) : (
        <>
          <Title order={1} fz="h2">
            {t('sites-title')}
          </Title>
          <Notice color="gray" icon={<LockIcon />} qa="sites-no-access">
            {t('sites-no-access')}
          </Notice>
        </>
      )}
    </Stack>
  );
}

function Site({ siteID }: { siteID: number }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const valid = Number.isInteger(siteID) && siteID > 0;
  const query = useQuery({ ...siteQuery(siteID), retry: 1, enabled: !offline && valid });
  useDocumentTitle(`${query.data?.site.name ?? t('sites-title')} – ${t('app-name')}`);
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound)
    return (
      <Notice color="gray" qa="site-not-found">
        {t('sites-site-not-found')}
      </Notice>
    );
  if (!query.data) {
    if (offline)
      return (
        <Notice color="orange" icon={<OfflineIcon />} qa="site-offline">
          {t('sites-offline')}
        </Notice>
      );
    return (
      <QueryWaiting
        query={query}
        qa="site"
        loading={t('sites-loading')}
        error={() => t('sites-load-failed')}
      />
    );
  }
  return <SiteLoaded detail={query.data} offline={offline} />;
}

function SiteLoaded({ detail, offline }: { detail: SiteDetail; offline: boolean }) {
  const { t } = useTranslation();
  const { site } = detail;
  return (
    <>
      <Group gap="sm">
        <Title order={1} fz="h2" data-qa="site-title">
          {site.name}
        </Title>
        {site.archived && (
          <Badge color="gray" variant="light">
            {t('sites-archived')}
          </Badge>
        )}
      </Group>
      {offline && (
        <Notice color="yellow" qa="site-offline-notice">
          {t('sites-offline')}
        </Notice>
      )}
      {site.archived && (
        <Notice color="gray" qa="site-archived-notice">
          {t('sites-archived-notice')}
        </Notice>
      )}
      {/* Keyed by the saved values: a save elsewhere on the page keeps what is typed here. */}
      <SiteDetails site={site} offline={offline} />
      <SiteRooms siteID={site.id} rooms={detail.rooms} offline={offline} />
      <SiteSessions site={site} sessions={detail.sessions} offline={offline} />
      <SiteClosures siteID={site.id} closures={detail.closures} offline={offline} />
    </>
  );
}

type SiteForm = Omit<Required<SiteInput>, 'archived'>;

const formOf = (site: SiteSummary): SiteForm => ({
  name: site.name,
  addressLines: Array.from({ length: SITE_ADDRESS_LINES }, (_, i) => site.addressLines[i] ?? ''),
  postcode: site.postcode,
  phone: site.phone,
  openingDays: site.openingDays,
  opensAt: site.opensAt,
  closesAt: site.closesAt,
  registersEnabled: site.registersEnabled,
  staffRegistersEnabled: site.staffRegistersEnabled,
});

const sameForm = (a: SiteForm, b: SiteForm) => JSON.stringify(a) === JSON.stringify(b);

function SiteDetails({ site, offline }: { site: SiteSummary; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(site));
  const set = (patch: Partial<SiteForm>) => setForm((f) => ({ ...f, ...patch }));
  const saved = formOf(site);
  const dirty = !sameForm(form, saved);
  const afterSave = async (next: SiteSummary) => {
    setForm(formOf(next));
    await queryClient.invalidateQueries({ queryKey: ['settings-sites'] });
    await queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY });
  };
  const save = useMutation({
    mutationFn: (archived: boolean) => sitesApi.update(site.id, { ...form, archived }),
    onSuccess: async (next, archived) => {
      const key =
        archived === site.archived ? 'sites-saved' : archived ? 'sites-archived-done' : 'sites-restored';
      notifications.show({ color: 'green', message: t(key, { site: next.name }) });
      await afterSave(next);
    },
  });
  const problems = {
    name: nameProblem(form.name, SITE_NAME_MAX),
    addressLines: form.addressLines.map((line) => lengthProblem(line, SITE_ADDRESS_LINE_MAX)),
    postcode: lengthProblem(form.postcode, SITE_POSTCODE_MAX),
    phone: lengthProblem(form.phone, SITE_PHONE_MAX),
    closesAt:
      form.opensAt && form.closesAt && !openingHoursValid(form.opensAt, form.closesAt)
        ? t('err-site-hours')
        : form.opensAt && form.closesAt
          ? null
          : t('this-field-is-required'),
  };
  const blocked =
    problems.name !== null ||
    problems.addressLines.some((p) => p !== null) ||
    problems.postcode !== null ||
    problems.phone !== null ||
    problems.closesAt !== null;
  const refused = refusal(save.error, ['name', 'addressLines', 'postcode', 'phone', 'closesAt']);
  const toggleDay = (day: number, on: boolean) =>
    set({
      openingDays: normaliseWeekdays(
        on ? [...form.openingDays, day] : form.openingDays.filter((d) => d !== day),
      ),
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="site-details-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="site-details-title">
          {t('sites-details')}
        </Title>
        {dirty && (
          <Badge color="yellow" variant="light">
            {t('sites-unsaved')}
          </Badge>
        )}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!blocked && !offline) save.mutate(site.archived);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('sites-name')}
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={problems.name ?? refused.field('name')}
            data-qa="site-name"
            className={classes.field}
          />
          {form.addressLines.map((line, i) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions, not items
              key={i}
              label={t('sites-address-line', { n: String(i + 1) })}
              value={line}
              onChange={(e) => {
                const value = e.currentTarget.value;
                set({ addressLines: form.addressLines.map((l, j) => (j === i ? value : l)) });
              }}
              error={problems.addressLines[i] ?? (i === 0 ? refused.field('addressLines') : null)}
              data-qa="site-address-line"
              className={classes.field}
            />
          ))}
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('sites-postcode')}
              value={form.postcode}
              onChange={(e) => set({ postcode: e.currentTarget.value })}
              error={problems.postcode ?? refused.field('postcode')}
              data-qa="site-postcode"
              className={classes.short}
            />
            <TextInput
              label={t('sites-phone')}
              type="tel"
              value={form.phone}
              onChange={(e) => set({ phone: e.currentTarget.value })}
              error={problems.phone ?? refused.field('phone')}
              data-qa="site-phone"
              className={classes.short}
            />
          </Group>
          <fieldset className={classes.fieldset}>
            <Text component="legend" fw={600} size="sm" mb={4}>
              {t('sites-opening-days')}
            </Text>
            <div className={classes.days}>
              {OPENING_WEEKDAYS.map((day) => (
                <Checkbox
                  key={day}
                  label={t(`weekday-${day}`)}
                  checked={form.openingDays.includes(day)}
                  onChange={(e) => toggleDay(day, e.currentTarget.checked)}
                  className={classes.check}
                  classNames={{ label: classes.dayLabel }}
                  data-qa="site-opening-day"
                  data-day={day}
                />
              ))}
            </div>
          </fieldset>
          <Group align="flex-start" gap="md">
            <TimeField
              label={t('sites-opens-at')}
              value={form.opensAt}
              onChange={(v) => set({ opensAt: v })}
              qa="site-opens-at"
            />
            <TimeField
              label={t('sites-closes-at')}
              value={form.closesAt}
              onChange={(v) => set({ closesAt: v })}
              error={problems.closesAt ?? refused.field('closesAt')}
              qa="site-closes-at"
            />
          </Group>
          <Group gap="lg">
            <Switch
              label={t('sites-registers-enabled')}
              checked={form.registersEnabled}
              onChange={(e) => set({ registersEnabled: e.currentTarget.checked })}
              className={classes.check}
              data-qa="site-registers"
            />
            <Switch
              label={t('sites-staff-registers-enabled')}
              checked={form.staffRegistersEnabled}
              onChange={(e) => set({ staffRegistersEnabled: e.currentTarget.checked })}
              className={classes.check}
              data-qa="site-staff-registers"
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('sites-time-zone', { zone: site.timeZone })}
          </Text>
          {refused.general && (
            <Notice color="red" role="alert" qa="site-problem">
              {refused.general}
            </Notice>
          )}
          <Group justify="space-between">
            <ArchiveOrRestore
              archived={site.archived}
              disabled={offline || blocked}
              qa="site"
              texts={{
                restore: t('sites-restore'),
                archive: t('sites-archive'),
                confirmTitle: t('sites-archive-title', { site: site.name }),
                confirmBody: t('sites-archive-body'),
              }}
              onSave={(archived) => save.mutate(archived)}
            />
            <Button
              type="submit"
              disabled={offline || !dirty || blocked}
              loading={save.isPending}
              className={classes.touch}
              data-qa="site-save"
            >
              {t('sites-save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
