// #/reports/last-published-observation (spec 002 §2 Links, §6 lastPublishedObservation): per child of a
// site, or one of its rooms, the date of the last published observation in each area of learning.
// Pages of 50 children in name order ('Show More'); online only.
import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { ageLabel, areaAbbreviation, type LastPublishedChild } from '@nursery/domain/children';
import { formatDate } from '@nursery/domain/common';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../components/ChildAvatar';
import { GatedPage } from '../../components/GatedPage';
import listPage from '../../components/ListPage.module.css';
import { PagedTable, pagedRows } from '../../components/PagedTable';
import { RoomSelect } from '../../components/RoomSelect';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { childPhotoUrl } from '../children';
import { lastPublishedQuery } from './api';
import classes from './LastPublishedObservationPage.module.css';
import { reportsStrings } from './strings';

// The screen's strings arrive with its code (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', reportsStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="last-published"
      title={t('last-published-title')}
      intro={t('last-published-intro')}
      maw={1200}
      allowed={can('lastPublishedObservation')}
      noAccess={t('last-published-no-access')}
    >
      <Report />
    </GatedPage>
  );
}

function Report() {
  const { t } = useTranslation();
  const session = useSession();
  const offline = useIsOffline();
  const [siteID, setSiteID] = useState(session.site.id);
  const [roomID, setRoomID] = useState<number | null>(null);
  const [wantedFramework, setWantedFramework] = useState<string | null>(null);
  const site = session.sites.find((s) => s.id === siteID) ?? session.site;
  const query = useInfiniteQuery({ ...lastPublishedQuery(site.id, roomID), retry: 1, enabled: !offline });
  const { pages, rows: children, table } = pagedRows(query, offline, (p) => p.children);
  const areas = pages?.[0]?.areas ?? [];
  const frameworks = useMemo(() => {
    const seen = new Map<string, string>();
    for (const a of areas) if (!seen.has(a.frameworkID)) seen.set(a.frameworkID, a.frameworkName);
    return [...seen.entries()].map(([id, name]) => ({ id, name }));
  }, [areas]);
  const frameworkID = frameworks.some((f) => f.id === wantedFramework)
    ? wantedFramework
    : (frameworks[0]?.id ?? null);
  const columns = areas.filter((a) => a.frameworkID === frameworkID);

  return (
    <>
      <div className={listPage.controls}>
        <div className={listPage.field}>
          <label htmlFor="last-published-site" className={listPage.label}>
            {t('last-published-site')}
          </label>
          <select
            id="last-published-site"
            className={`${listPage.select} ${classes.select}`}
            value={String(site.id)}
            onChange={(e) => {
              setSiteID(Number(e.currentTarget.value));
              setRoomID(null);
            }}
            data-qa="last-published-site"
          >
            {session.sites.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <RoomSelect
          id="last-published-room"
          label={t('last-published-room')}
          allRooms={t('last-published-all-rooms')}
          rooms={site.rooms}
          value={roomID}
          onChange={setRoomID}
          className={classes.select}
        />
        {frameworks.length > 1 && (
          <Group gap="xs" role="group" aria-label={t('last-published-framework')}>
            {frameworks.map((f) => (
              <Button
                key={f.id}
                className={listPage.touch}
                variant={f.id === frameworkID ? 'filled' : 'default'}
                aria-pressed={f.id === frameworkID}
                onClick={() => setWantedFramework(f.id)}
                data-qa={`last-published-framework-${f.id}`}
              >
                {f.name}
              </Button>
            ))}
          </Group>
        )}
      </div>

      <PagedTable
        query={query}
        qa="last-published"
        {...table}
        offline={t('last-published-offline')}
        loading={t('last-published-loading')}
        loadFailed={t('last-published-load-failed')}
        empty={t('no-children-to-show')}
        shown={t('last-published-shown', { count: children.length })}
        label={t('last-published-title')}
        scrollClassName={classes.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('last-published-child')}</Table.Th>
            {columns.map((a) => (
              <Table.Th key={a.id} scope="col" className={classes.area} title={a.name}>
                <span aria-hidden="true">{areaAbbreviation(a.name)}</span>
                <VisuallyHidden>{a.name}</VisuallyHidden>
              </Table.Th>
            ))}
          </Table.Tr>
        }
        rows={children.map((child) => (
          <ReportRow
            key={child.id}
            child={child}
            columns={columns}
            today={pages?.[0]?.today ?? ''}
            roomName={site.rooms.find((r) => r.id === child.roomID)?.name}
          />
        ))}
      />
    </>
  );
}

function ReportRow({
  child,
  columns,
  today,
  roomName,
}: {
  child: LastPublishedChild;
  columns: { id: string; name: string }[];
  today: string;
  roomName: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-qa="last-published-child" data-child-id={child.id}>
      <Table.Th scope="row" className={classes.childCell}>
        <Group gap="sm" wrap="nowrap">
          <ChildAvatar child={child} photoUrl={childPhotoUrl} small />
          <div>
            <Text size="sm" fw={600}>
              {child.forename} {child.surname}
            </Text>
            <Text size="xs" c="dimmed">
              {ageLabel(child.dob, today)}
              {roomName ? ` · ${roomName}` : ''}
            </Text>
          </div>
        </Group>
      </Table.Th>
      {columns.map((a) => {
        const date = child.lastPublishedDates.find((d) => d.areaID === a.id)?.date ?? null;
        return (
          <Table.Td key={a.id} className={classes.area} data-qa="last-published-cell" data-area-id={a.id}>
            {date ? (
              <Text size="sm" component="span" className={classes.date}>
                {formatDate(date)}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" component="span" title={t('no-published-observations-for-area')}>
                <span aria-hidden="true">–</span>
                <VisuallyHidden>{t('no-published-observations-for-area')}</VisuallyHidden>
              </Text>
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
