// #/audit (issue 26): the record audit trail for a manager (permission viewAuditTrail). Filters by a
// child and a staff member of the session's site and by days; pages of 50 by cursor ('Show more');
// the CSV export takes the same filters. Online only.
import { Button, Table, Text } from '@mantine/core';
import type { AuditEntry, AuditFilters } from '@nursery/domain/account';
import { formatDate, formatTime } from '@nursery/domain/common';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateTimeInputs';
import { GatedPage } from '../../components/GatedPage';
import listPage from '../../components/ListPage.module.css';
import { PagedTable, pagedRows } from '../../components/PagedTable';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { useSiteChildren } from '../events';
import { siteStaffQuery } from '../staff';
import classes from './AuditTrailPage.module.css';
import { auditCsvHref, auditTrailQuery } from './api';
import { auditStrings } from './strings';

// The screen's strings arrive with its code (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', auditStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="audit"
      title={t('audit-title')}
      intro={t('audit-intro')}
      maw={1200}
      allowed={can('viewAuditTrail')}
      noAccess={t('audit-no-access')}
    >
      <Trail />
    </GatedPage>
  );
}

const idOf = (value: string) => (value === '' ? undefined : Number(value));

function Trail() {
  const { t } = useTranslation();
  const session = useSession();
  const offline = useIsOffline();
  const siteID = session.site.id;
  const children = useSiteChildren(siteID);
  const staff = useQuery(siteStaffQuery(siteID));
  const [filters, setFilters] = useState<AuditFilters>({});
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }));
  // The date pickers keep from ≤ to; the server refuses the other order (400).
  const valid = !filters.from || !filters.to || filters.from <= filters.to;
  const query = useInfiniteQuery({ ...auditTrailQuery(filters), retry: 1, enabled: !offline && valid });
  const { pages, rows: entries, table } = pagedRows(query, offline, (p) => p.entries);
  const mayExport = pages?.[0]?.permittedActions.export ?? false;

  return (
    <>
      <div className={listPage.controls}>
        <div className={listPage.field}>
          <label htmlFor="audit-child" className={listPage.label}>
            {t('audit-child')}
          </label>
          <select
            id="audit-child"
            className={`${listPage.select} ${classes.select}`}
            value={filters.childID === undefined ? '' : String(filters.childID)}
            onChange={(e) => set({ childID: idOf(e.currentTarget.value) })}
            data-qa="audit-child"
          >
            <option value="">{t('audit-any-child')}</option>
            {(children.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.forename} {c.surname}
              </option>
            ))}
          </select>
        </div>
        <div className={listPage.field}>
          <label htmlFor="audit-staff" className={listPage.label}>
            {t('audit-staff')}
          </label>
          <select
            id="audit-staff"
            className={`${listPage.select} ${classes.select}`}
            value={filters.staffID === undefined ? '' : String(filters.staffID)}
            onChange={(e) => set({ staffID: idOf(e.currentTarget.value) })}
            data-qa="audit-staff"
          >
            <option value="">{t('audit-any-staff')}</option>
            {(staff.data ?? []).map((s) => (
              <option key={s.staffID} value={String(s.staffID)}>
                {s.forename} {s.surname}
              </option>
            ))}
          </select>
        </div>
        <div className={`${listPage.field} ${classes.date}`}>
          <DateField
            label={t('audit-from')}
            value={filters.from ?? ''}
            maxDate={filters.to}
            clearable
            onChange={(v) => set({ from: v || undefined })}
            qa="audit-from"
          />
        </div>
        <div className={`${listPage.field} ${classes.date}`}>
          <DateField
            label={t('audit-to')}
            value={filters.to ?? ''}
            minDate={filters.from}
            clearable
            onChange={(v) => set({ to: v || undefined })}
            qa="audit-to"
          />
        </div>
        {mayExport && (
          <Button
            component="a"
            href={auditCsvHref(filters)}
            download
            variant="default"
            className={listPage.touch}
            data-qa="audit-export"
          >
            {t('audit-export')}
          </Button>
        )}
      </div>

      <PagedTable
        query={query}
        qa="audit"
        {...table}
        offline={t('audit-offline')}
        loading={t('audit-loading')}
        loadFailed={t('audit-load-failed')}
        empty={t('audit-empty')}
        shown={t('audit-shown', { count: entries.length })}
        label={t('audit-title')}
        scrollClassName={classes.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('audit-when')}</Table.Th>
            <Table.Th scope="col">{t('audit-who')}</Table.Th>
            <Table.Th scope="col">{t('audit-what')}</Table.Th>
            <Table.Th scope="col">{t('audit-record')}</Table.Th>
            <Table.Th scope="col">{t('audit-child')}</Table.Th>
          </Table.Tr>
        }
        rows={entries.map((e) => <AuditRow key={e.id} entry={e} />)}
      />
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-qa="audit-entry" data-entry-id={entry.id} data-operation={entry.operation}>
      <Table.Td className={classes.when}>
        {formatDate(entry.at)} {formatTime(entry.at)}
      </Table.Td>
      <Table.Td>{entry.staffName ?? t('audit-unknown-staff')}</Table.Td>
      <Table.Td>{t(`audit-op-${entry.operation}`)}</Table.Td>
      <Table.Td>
        {t(`audit-type-${entry.recordType}`)}{' '}
        <Text span c="dimmed" size="sm">
          #{entry.recordID}
        </Text>
      </Table.Td>
      <Table.Td>{entry.childName ?? t('audit-no-child')}</Table.Td>
    </Table.Tr>
  );
}
