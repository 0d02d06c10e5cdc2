// #/settings/staff (issue 29): the staff of the user's sites by name, searched and filtered by site and
// role, a page at a time ('Show more'); archived members only with "Show archived". Add opens the form
// at #/settings/staff/new; a name opens the member. Online only: offline it says so.
import { Button, Checkbox, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { StaffListRow } from '@nursery/domain/settings';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GatedPage } from '../../components/GatedPage';
import listPage from '../../components/ListPage.module.css';
import { PagedTable, pagedRows } from '../../components/PagedTable';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { InvitationBadge } from './InvitationBadge';
import listClasses from './SettingsList.module.css';
import { type StaffFilters, staffListQuery, staffOptionsQuery } from './staffAdminApi';
import { staffAdminStrings } from './staffAdminStrings';

i18n.addResources(LANGUAGE, 'translation', staffAdminStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="staff-admin"
      title={t('staff-admin-title')}
      intro={t('staff-admin-intro')}
      maw={1200}
      allowed={can('addStaff')}
      noAccess={t('staff-admin-no-access')}
    >
      <StaffList />
    </GatedPage>
  );
}

const idOf = (value: string) => (value === '' ? undefined : Number(value));

function StaffList() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const [filters, setFilters] = useState<StaffFilters>({ search: '', archived: false });
  const [search] = useDebouncedValue(filters.search, 300);
  const set = (patch: Partial<StaffFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const options = useQuery({ ...staffOptionsQuery(), enabled: !offline, retry: 1 });
  const query = useInfiniteQuery({ ...staffListQuery({ ...filters, search }), retry: 1, enabled: !offline });
  const { pages, rows, table } = pagedRows(query, offline, (p) => p.staff);
  const siteName = new Map(options.data?.sites.map((s) => [s.id, s.name]));
  const mayAdd = pages?.[0]?.permittedActions.add ?? false;

  return (
    <>
      <div className={listPage.controls}>
        <TextInput
          className={listClasses.search}
          label={t('staff-admin-search')}
          value={filters.search}
          onChange={(e) => set({ search: e.currentTarget.value })}
          size="md"
          type="search"
          data-qa="staff-admin-search"
        />
        <div className={listPage.field}>
          <label htmlFor="staff-admin-site" className={listPage.label}>
            {t('staff-admin-site')}
          </label>
          <select
            id="staff-admin-site"
            className={`${listPage.select} ${listClasses.select}`}
            value={filters.siteID === undefined ? '' : String(filters.siteID)}
            onChange={(e) => set({ siteID: idOf(e.currentTarget.value) })}
            data-qa="staff-admin-site"
          >
            <option value="">{t('staff-admin-any-site')}</option>
            {(options.data?.sites ?? []).map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className={listPage.field}>
          <label htmlFor="staff-admin-role" className={listPage.label}>
            {t('staff-admin-role')}
          </label>
          <select
            id="staff-admin-role"
            className={`${listPage.select} ${listClasses.select}`}
            value={filters.roleID === undefined ? '' : String(filters.roleID)}
            onChange={(e) => set({ roleID: idOf(e.currentTarget.value) })}
            data-qa="staff-admin-role"
          >
            <option value="">{t('staff-admin-any-role')}</option>
            {(options.data?.roles ?? []).map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <Checkbox
          className={listPage.touch}
          styles={{ root: { display: 'flex', alignItems: 'center' } }}
          label={t('staff-admin-show-archived')}
          checked={filters.archived}
          onChange={(e) => set({ archived: e.currentTarget.checked })}
          data-qa="staff-admin-archived"
        />
        {mayAdd && (
          <Button
            component={Link}
            to="/settings/staff/new"
            className={listPage.touch}
            disabled={offline}
            data-qa="staff-admin-add"
          >
            {t('staff-admin-add')}
          </Button>
        )}
        {mayAdd && (
          <Button
            component={Link}
            to="/settings/import/staff"
            variant="default"
            className={listPage.touch}
            disabled={offline}
            data-qa="staff-admin-import"
          >
            {t('staff-admin-import')}
          </Button>
        )}
      </div>

      <PagedTable
        query={query}
        qa="staff-admin"
        {...table}
        offline={t('staff-admin-offline')}
        loading={t('staff-admin-loading')}
        loadFailed={t('staff-admin-load-failed')}
        empty={t('staff-admin-empty')}
        shown={t('staff-admin-shown', { count: rows.length })}
        label={t('staff-admin-title')}
        scrollClassName={listClasses.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('staff-admin-name')}</Table.Th>
            <Table.Th scope="col">{t('staff-admin-job-title')}</Table.Th>
            <Table.Th scope="col">{t('staff-admin-home-site')}</Table.Th>
            <Table.Th scope="col">{t('staff-admin-roles')}</Table.Th>
            <Table.Th scope="col">{t('staff-admin-login')}</Table.Th>
          </Table.Tr>
        }
        rows={rows.map((row) => (
          <StaffRow key={row.id} row={row} siteName={siteName.get(row.siteID) ?? ''} />
        ))}
      />
    </>
  );
}

function StaffRow({ row, siteName }: { row: StaffListRow; siteName: string }) {
  const { t } = useTranslation();
  const name = [row.title, row.forename, row.surname].filter(Boolean).join(' ');
  return (
    <Table.Tr data-qa="staff-admin-row" data-staff-id={row.id}>
      <Table.Td>
        <Link to={`/settings/staff/${row.id}`} className={listClasses.nameLink} data-qa="staff-admin-open">
          {name}
        </Link>
        {row.email && (
          <Text size="sm" c="dimmed">
            {row.email}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{row.jobTitle ?? ''}</Table.Td>
      <Table.Td>{siteName}</Table.Td>
      <Table.Td>{row.roles.join(', ')}</Table.Td>
      <Table.Td>
        {row.archived ? (
          <Text c="dimmed" size="sm">
            {t('staff-admin-archived')}
          </Text>
        ) : (
          <InvitationBadge invitation={row.invitation} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
