// #/bookings (issue 29; spec 002 "Bookings page"): title 'Bookings', one child chosen, the child's real
// booking patterns filtered by status, the note that bookings move to the Children area, a 'Manage Booking
// Patterns' drawer with Discard and a disabled Confirm (patterns are changed on the child's settings page),
// 'Add Ad Hoc Booking' reading 'Coming soon' (the spec's placeholder) and a text stand-in for the
// calendar. Until a child is chosen: 'You need to select a child before you can view bookings.' Behind
// settingsChildren (the spec names no permission; bookings belong to the Children area): without it the
// no-access page. Online only.
import { Anchor, Badge, Button, Drawer, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { PATTERN_STATUSES, type PatternStatus } from '@nursery/domain/settings';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoIcon, LockIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { QueryWaiting } from '../../components/QueryState';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { PatternLine } from './BookingPatterns';
import { childListQuery, childRecordQuery } from './childrenApi';
import { childrenStrings } from './childrenStrings';

i18n.addResources(LANGUAGE, 'translation', childrenStrings);

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('bookings-page-title')} – ${t('app-name')}`);
  const { can } = useSession();
  return (
    <Stack gap="md" maw={1000} data-qa="bookings-page">
      <Title order={1} fz="h2">
        {t('bookings-page-title')}
      </Title>
      {can('settingsChildren') ? (
        <Bookings />
      ) : (
        <Notice color="gray" icon={<LockIcon />} qa="bookings-no-access">
          {t('bookings-no-access')}
        </Notice>
      )}
    </Stack>
  );
}

function Bookings() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const [childID, setChildID] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<PatternStatus | 'all'>('all');
  const [drawerOpen, drawer] = useDisclosure(false);
  const list = useInfiniteQuery({
    ...childListQuery({ status: 'current', search: debounced || undefined }),
    retry: 1,
    enabled: !offline,
  });
  const record = useQuery({
    ...childRecordQuery(childID ?? 0),
    retry: 1,
    enabled: childID !== null && !offline,
  });
  const options = (list.data?.pages ?? []).flatMap((p) => p.children);
  const patterns = (record.data?.patterns ?? []).filter((p) => filter === 'all' || p.status === filter);

  return (
    <>
      <Notice color="blue" icon={<InfoIcon />} qa="bookings-note">
        {t('bookings-note')}
      </Notice>
      {offline && (
        <Notice color="yellow" qa="children-admin-offline">
          {t('children-admin-offline')}
        </Notice>
      )}
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('bookings-child')}
          placeholder={t('bookings-choose-child')}
          size="md"
          searchable
          clearable
          miw={260}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          value={childID === null ? null : String(childID)}
          data={[
            ...options.map((c) => ({ value: String(c.id), label: `${c.forename} ${c.surname}` })),
            ...(record.data && !options.some((c) => c.id === record.data.id)
              ? [{ value: String(record.data.id), label: `${record.data.forename} ${record.data.surname}` }]
              : []),
          ]}
          onChange={(v) => setChildID(v ? Number(v) : null)}
          data-qa="bookings-child"
        />
        <Select
          label={t('bookings-filter')}
          size="md"
          allowDeselect={false}
          value={filter}
          data={[
            { value: 'all', label: t('bookings-filter-all') },
            ...PATTERN_STATUSES.map((s) => ({ value: s, label: t(`booking-patterns-status-${s}`) })),
          ]}
          onChange={(v) => setFilter((v ?? 'all') as PatternStatus | 'all')}
          data-qa="bookings-filter"
        />
      </Group>
      {childID === null ? (
        <Notice color="gray" qa="bookings-select-child">
          {t('bookings-select-child')}
        </Notice>
      ) : !record.data ? (
        <QueryWaiting
          query={record}
          qa="bookings-child-record"
          loading={t('children-admin-loading')}
          error={() => t('children-admin-load-failed')}
        />
      ) : (
        <>
          <Group>
            <Button variant="default" mih={44} onClick={drawer.open} data-qa="bookings-manage">
              {t('bookings-manage')}
            </Button>
            <Button variant="default" mih={44} disabled data-qa="bookings-add-ad-hoc">
              {t('bookings-add-ad-hoc')}
              <Badge ml="xs" color="gray" variant="filled">
                {t('bookings-coming-soon')}
              </Badge>
            </Button>
          </Group>
          <Paper withBorder p="md" component="section" aria-labelledby="bookings-patterns-title">
            <Title order={2} fz="h4" id="bookings-patterns-title" mb="sm">
              {t('booking-patterns-title')}
            </Title>
            <Stack gap="sm" data-qa="bookings-patterns">
              {patterns.length === 0 && <Text c="dimmed">{t('booking-patterns-empty')}</Text>}
              {patterns.map((p) => (
                <PatternLine key={p.id} pattern={p} />
              ))}
            </Stack>
          </Paper>
          <Paper withBorder p="md" data-qa="bookings-calendar">
            <Text c="dimmed">{t('bookings-calendar')}</Text>
          </Paper>
          <Drawer
            opened={drawerOpen}
            onClose={drawer.close}
            position="right"
            title={t('bookings-manage')}
            data-qa="bookings-drawer"
          >
            <Stack gap="md">
              {record.data.patterns.length === 0 && <Text c="dimmed">{t('booking-patterns-empty')}</Text>}
              {record.data.patterns.map((p) => (
                <PatternLine key={p.id} pattern={p} />
              ))}
              <Anchor
                component={Link}
                to={`/settings/children/${record.data.id}`}
                mih={44}
                data-qa="bookings-edit-on-child"
              >
                {t('bookings-edit-on-child')}
              </Anchor>
              <Group justify="flex-end">
                <Button variant="default" mih={44} onClick={drawer.close} data-qa="bookings-discard">
                  {t('bookings-discard')}
                </Button>
                <Button mih={44} disabled data-qa="bookings-confirm">
                  {t('bookings-confirm')}
                </Button>
              </Group>
            </Stack>
          </Drawer>
        </>
      )}
    </>
  );
}
