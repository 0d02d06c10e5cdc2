// #/settings/children (issue 29): the children of the user's sites, by surname, paged by cursor ('Show
// more'), searched by name and filtered by site, room and current / leavers / archived. A name opens the
// child's page (#/settings/children/{id}); 'Add a child' opens it empty. Online only.
import { Anchor, Button, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ageLabel } from '@nursery/domain/children';
import { formatDate, todayInZone } from '@nursery/domain/common';
import type { ChildListStatus, ChildRecordSummary } from '@nursery/domain/settings';
import { CHILD_LIST_STATUSES } from '@nursery/domain/settings';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAvatar } from '../../components/ChildAvatar';
import { GatedPage } from '../../components/GatedPage';
import listPage from '../../components/ListPage.module.css';
import { Notice } from '../../components/Notice';
import { PagedTable, pagedRows } from '../../components/PagedTable';
import { RoomSelect } from '../../components/RoomSelect';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import classes from './ChildrenAdmin.module.css';
import { childListQuery, childOptionsQuery } from './childrenApi';
import { childrenStrings } from './childrenStrings';
import listClasses from './SettingsList.module.css';

i18n.addResources(LANGUAGE, 'translation', childrenStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="children-admin"
      title={t('children-admin-title')}
      intro={t('children-admin-intro')}
      maw={1200}
      allowed={can('settingsChildren')}
      noAccess={t('children-admin-no-access')}
    >
      <ChildrenList />
    </GatedPage>
  );
}

function ChildrenList() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const options = useQuery({ ...childOptionsQuery(), retry: 1, enabled: !offline });
  const [siteID, setSiteID] = useState<number | undefined>(undefined);
  const [roomID, setRoomID] = useState<number | null>(null);
  const [status, setStatus] = useState<ChildListStatus>('current');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const filters = { siteID, roomID: roomID ?? undefined, status, search: debounced || undefined };
  const query = useInfiniteQuery({ ...childListQuery(filters), retry: 1, enabled: !offline });
  const { pages, rows: children, table } = pagedRows(query, offline, (p) => p.children);
  const rooms = (options.data?.rooms ?? []).filter((r) => siteID === undefined || r.siteID === siteID);
  const roomName = new Map((options.data?.rooms ?? []).map((r) => [r.id, r.name]));
  const sites = options.data?.sites ?? [];
  const today = todayInZone(now());

  return (
    <>
      {offline && (
        <Notice color="yellow" qa="children-admin-offline">
          {t('children-admin-offline')}
        </Notice>
      )}
      <div className={listPage.controls}>
        <TextInput
          className={listClasses.search}
          label={t('children-admin-search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="md"
          type="search"
          data-qa="children-admin-search"
        />
        {sites.length > 1 && (
          <div className={listPage.field}>
            <label htmlFor="children-admin-site" className={listPage.label}>
              {t('children-admin-site')}
            </label>
            <select
              id="children-admin-site"
              className={`${listPage.select} ${listClasses.select}`}
              value={siteID === undefined ? '' : String(siteID)}
              onChange={(e) => {
                setSiteID(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value));
                setRoomID(null);
              }}
              data-qa="children-admin-site"
            >
              <option value="">{t('children-admin-all-sites')}</option>
              {sites.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <RoomSelect
          id="children-admin-room"
          label={t('children-admin-room')}
          allRooms={t('children-admin-all-rooms')}
          rooms={rooms}
          value={roomID}
          onChange={setRoomID}
          className={listClasses.select}
        />
        <div className={listPage.field}>
          <label htmlFor="children-admin-status" className={listPage.label}>
            {t('children-admin-status')}
          </label>
          <select
            id="children-admin-status"
            className={`${listPage.select} ${listClasses.select}`}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as ChildListStatus)}
            data-qa="children-admin-status"
          >
            {CHILD_LIST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`children-admin-status-${s}`)}
              </option>
            ))}
          </select>
        </div>
        {pages?.[0]?.permittedActions.add && (
          <Button
            component={Link}
            to="/settings/children/new"
            className={listPage.touch}
            data-qa="children-admin-add"
          >
            {t('children-admin-add')}
          </Button>
        )}
        {pages?.[0]?.permittedActions.add && (
          <Button
            component={Link}
            to="/settings/import/children"
            variant="default"
            className={listPage.touch}
            data-qa="children-admin-import"
          >
            {t('children-admin-import')}
          </Button>
        )}
      </div>
      <PagedTable
        query={query}
        qa="children-admin"
        {...table}
        offline={t('children-admin-offline')}
        loading={t('children-admin-loading')}
        loadFailed={t('children-admin-load-failed')}
        empty={t('children-admin-empty')}
        shown={t('children-admin-shown', { count: children.length })}
        label={t('children-admin-title')}
        scrollClassName={listClasses.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('children-admin-name')}</Table.Th>
            <Table.Th scope="col">{t('children-admin-age')}</Table.Th>
            <Table.Th scope="col">{t('children-admin-room')}</Table.Th>
            <Table.Th scope="col">{t('children-admin-start')}</Table.Th>
            <Table.Th scope="col">{t('children-admin-leave')}</Table.Th>
          </Table.Tr>
        }
        rows={children.map((c) => (
          <ChildRow key={c.id} child={c} today={today} room={c.roomID ? roomName.get(c.roomID) : undefined} />
        ))}
      />
    </>
  );
}

function ChildRow({ child, today, room }: { child: ChildRecordSummary; today: string; room?: string }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-qa="children-admin-row" data-child-id={child.id}>
      <Table.Td>
        <div className={classes.nameCell}>
          <ChildAvatar child={child} small />
          <Anchor component={Link} to={`/settings/children/${child.id}`} className={listClasses.nameLink}>
            {child.forename} {child.surname}
          </Anchor>
        </div>
      </Table.Td>
      <Table.Td>{ageLabel(child.dob, today)}</Table.Td>
      <Table.Td>{room ?? t('children-admin-no-room')}</Table.Td>
      <Table.Td className={classes.dates}>{formatDate(child.startDate)}</Table.Td>
      <Table.Td className={classes.dates}>{child.endDate ? formatDate(child.endDate) : ''}</Table.Td>
    </Table.Tr>
  );
}
