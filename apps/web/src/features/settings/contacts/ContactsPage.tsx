// #/settings/contacts (issue 29): the contacts of the children at the user's sites (and contacts of no
// child yet), by surname; search by name, e-mail or phone; archived ones only with "Show archived";
// pages of 25 by cursor ('Show more'). A row opens the contact. Online only: offline it says so.
import { Badge, Button, Checkbox, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ContactListItem } from '@nursery/domain/settings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GatedPage } from '../../../components/GatedPage';
import listPage from '../../../components/ListPage.module.css';
import { Notice } from '../../../components/Notice';
import { PagedTable, pagedRows } from '../../../components/PagedTable';
import { useIsOffline } from '../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import { useSession } from '../../auth';
import classes from './ContactsPage.module.css';
import { contactsListQuery } from './contactsApi';
import { contactsStrings } from './contactsStrings';

i18n.addResources(LANGUAGE, 'translation', contactsStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="contacts"
      title={t('contacts-title')}
      intro={t('contacts-intro')}
      maw={1200}
      allowed={can('settingsContacts')}
      noAccess={t('contacts-no-access')}
    >
      <Contacts />
    </GatedPage>
  );
}

function Contacts() {
  const { t } = useTranslation();
  const { can } = useSession();
  const offline = useIsOffline();
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [q] = useDebouncedValue(search, 300);
  const query = useInfiniteQuery({ ...contactsListQuery({ q, archived }), retry: 1, enabled: !offline });
  const { pages, rows, table } = pagedRows(query, offline, (p) => p.contacts);
  return (
    <>
      {offline && pages !== undefined && (
        <Notice color="yellow" qa="contacts-offline-banner">
          {t('contacts-offline')}
        </Notice>
      )}
      <div className={listPage.controls}>
        <TextInput
          className={classes.search}
          label={t('contacts-search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          size="md"
          data-qa="contacts-search"
        />
        <Checkbox
          className={classes.check}
          label={t('contacts-show-archived')}
          checked={archived}
          onChange={(e) => setArchived(e.currentTarget.checked)}
          size="md"
          data-qa="contacts-show-archived"
        />
        {can('addContact') && (
          <Button
            component={Link}
            to="/settings/contacts/new"
            className={listPage.touch}
            data-qa="contacts-add"
          >
            {t('contacts-add')}
          </Button>
        )}
      </div>
      <PagedTable
        query={query}
        qa="contacts"
        {...table}
        offline={t('contacts-offline')}
        loading={t('contacts-loading')}
        loadFailed={t('contacts-load-failed')}
        empty={t('contacts-empty')}
        shown={t('contacts-shown', { count: rows.length })}
        label={t('contacts-title')}
        scrollClassName={classes.scroll}
        head={
          <Table.Tr>
            <Table.Th scope="col">{t('contacts-col-name')}</Table.Th>
            <Table.Th scope="col">{t('contacts-col-type')}</Table.Th>
            <Table.Th scope="col">{t('contacts-col-phone')}</Table.Th>
            <Table.Th scope="col">{t('contacts-col-email')}</Table.Th>
            <Table.Th scope="col">{t('contacts-col-children')}</Table.Th>
          </Table.Tr>
        }
        rows={rows.map((c) => <ContactRow key={c.id} contact={c} />)}
      />
    </>
  );
}

function ContactRow({ contact: c }: { contact: ContactListItem }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-qa="contacts-row" data-contact-id={c.id} data-archived={c.archived}>
      <Table.Td>
        <Link to={`/settings/contacts/${c.id}`} className={classes.nameLink} data-qa="contacts-open">
          {c.surname}, {c.forename}
        </Link>{' '}
        {c.archived && (
          <Badge color="gray" variant="light">
            {t('contacts-archived')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{c.type ?? ''}</Table.Td>
      <Table.Td className={classes.phone}>{c.telmob ?? c.telhome ?? c.telwork ?? ''}</Table.Td>
      <Table.Td>{c.email ?? ''}</Table.Td>
      <Table.Td>
        {c.children.length === 0 ? (
          <Text span c="dimmed" size="sm">
            {t('contacts-no-children')}
          </Text>
        ) : (
          c.children.map((ch) => `${ch.forename} ${ch.surname}`).join(', ')
        )}
      </Table.Td>
    </Table.Tr>
  );
}
