// #/settings/contacts/{id} and #/settings/contacts/new (issue 29): a contact's details (edit with
// settingsContacts, add with addContact), its collection password (shown on demand, each look audited),
// its links to children (ContactLinks) and archive/restore after a confirmation. Online only: offline it
// says so and keeps what was typed until the connection is back.
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ContactDetail } from '@nursery/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { LockIcon, OfflineIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { isApiError } from '../../../lib/api';
import { useIsOffline } from '../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import { useSession } from '../../auth';
import { ContactForm, useProblemText } from './ContactForm';
import { ContactLinks } from './ContactLinks';
import {
  type ContactFormValues,
  contactBody,
  contactFormOf,
  contactFormProblems,
  emptyContactForm,
  type FieldProblem,
  type FormField,
  serverFieldProblem,
} from './contactForm';
import { contactQuery, contactsApi } from './contactsApi';
import { contactsStrings } from './contactsStrings';
import { useRefusalText } from './refusals';

i18n.addResources(LANGUAGE, 'translation', contactsStrings);

export function Component() {
  const { t } = useTranslation();
  const { contactID } = useParams();
  const isNew = contactID === 'new';
  useDocumentTitle(`${isNew ? t('contact-title-new') : t('contacts-title')} – ${t('app-name')}`);
  const { can } = useSession();
  const allowed = isNew ? can('addContact') : can('settingsContacts');
  return (
    <Stack gap="md" maw={1000} data-qa="contact-page">
      {can('settingsContacts') && (
        <Anchor
          component={Link}
          to="/settings/contacts"
          mih={44}
          display="inline-flex"
          style={{ alignItems: 'center' }}
          data-qa="contact-back"
        >
          {t('contact-back')}
        </Anchor>
      )}
      {!allowed ? (
        <Notice color="gray" icon={<LockIcon />} qa="contacts-no-access">
          {t('contacts-no-access')}
        </Notice>
      ) : isNew ? (
        <NewContact />
      ) : (
        <ExistingContact contactID={Number(contactID)} />
      )}
    </Stack>
  );
}

function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <Notice color="yellow" icon={<OfflineIcon />} qa="contact-offline">
      {t('contacts-offline')}
    </Notice>
  );
}

/** The form's state, its problems (shown once a save was tried) and a server 400's field. */
function useContactForm(initial: () => ContactFormValues) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ field: FormField; problem: FieldProblem } | null>(null);
  const local = contactFormProblems(values);
  const problems = { ...(tried ? local : {}), ...(server ? { [server.field]: server.problem } : {}) };
  return {
    values,
    problems,
    ok: Object.keys(local).length === 0,
    change: (patch: Partial<ContactFormValues>) => {
      setValues((v) => ({ ...v, ...patch }));
      setServer(null);
    },
    reset: (next: ContactFormValues) => {
      setValues(next);
      setTried(false);
      setServer(null);
    },
    tried: () => setTried(true),
    /** A 400 naming a field shows under it; true when it did. */
    refused: (error: unknown) => {
      const named = isApiError(error, 400) ? serverFieldProblem(error.message) : null;
      setServer(named);
      return named !== null;
    },
  };
}

function NewContact() {
  const { t } = useTranslation();
  const { can } = useSession();
  const offline = useIsOffline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useContactForm(emptyContactForm);
  const refusal = useRefusalText();
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => contactsApi.create(contactBody(form.values)),
    onSuccess: (made) => {
      notifications.show({
        color: 'green',
        message: t('contact-created', { name: `${made.forename} ${made.surname}` }),
      });
      void queryClient.invalidateQueries({ queryKey: ['contacts', 'list'] });
      if (can('settingsContacts')) navigate(`/settings/contacts/${made.id}`, { replace: true });
      else form.reset(emptyContactForm());
    },
    onError: (error) => setProblem(form.refused(error) ? null : refusal(error)),
  });
  return (
    <>
      <Title order={1} fz="h2">
        {t('contact-title-new')}
      </Title>
      {offline && <OfflineNotice />}
      <Paper
        withBorder
        p="md"
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.tried();
          setProblem(null);
          if (form.ok && !offline) create.mutate();
        }}
      >
        <Stack gap="md">
          <ContactForm
            values={form.values}
            onChange={form.change}
            problems={form.problems}
            disabled={false}
            withPassword
          />
          {problem && (
            <Notice color="red" role="alert" qa="contact-problem">
              {problem}
            </Notice>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              disabled={offline}
              loading={create.isPending}
              data-qa="contact-create"
            >
              {t('contact-create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

function ExistingContact({ contactID }: { contactID: number }) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useQuery({ ...contactQuery(contactID), retry: 1, enabled: !offline && contactID > 0 });
  if (query.data) return <ContactEditor key={contactID} contact={query.data} offline={offline} />;
  if (offline) return <OfflineNotice />;
  if (query.isError)
    return isApiError(query.error, 404) || isApiError(query.error, 400) ? (
      <Notice color="gray" qa="contact-not-found">
        {t('contact-not-found')}
      </Notice>
    ) : (
      <Notice color="red" role="alert" qa="contact-load-failed">
        <Group justify="space-between">
          <span>{t('contact-load-failed')}</span>
          <Button variant="light" onClick={() => void query.refetch()} data-qa="contact-retry">
            {t('permissions-retry')}
          </Button>
        </Group>
      </Notice>
    );
  return (
    <Text c="dimmed" data-qa="contact-loading">
      {t('contact-loading')}
    </Text>
  );
}

function ContactEditor({ contact, offline }: { contact: ContactDetail; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContactForm(() => contactFormOf(contact));
  const refusal = useRefusalText();
  const [problem, setProblem] = useState<string | null>(null);
  const name = `${contact.forename} ${contact.surname}`;
  const saved = (next: ContactDetail) => {
    queryClient.setQueryData(contactQuery(next.id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ['contacts', 'list'] });
  };
  const save = useMutation({
    mutationFn: () => contactsApi.update(contact.id, contactBody(form.values)),
    onSuccess: (next) => {
      saved(next);
      form.reset(contactFormOf(next));
      notifications.show({
        color: 'green',
        message: t('contact-saved', { name: `${next.forename} ${next.surname}` }),
      });
    },
    onError: (error) => setProblem(form.refused(error) ? null : refusal(error)),
  });
  const archive = useMutation({
    mutationFn: (archived: boolean) => contactsApi.setArchived(contact.id, archived),
    onSuccess: (next) => {
      saved(next);
      notifications.show({
        color: 'green',
        message: t(next.archived ? 'contact-archived-done' : 'contact-restored', { name }),
      });
    },
    onError: (error) => setProblem(refusal(error)),
  });
  const current = contact.children.filter((c) => !c.left);
  const confirmArchive = () =>
    openConfirmDialog({
      title: t('contact-archive-title', { name }),
      body:
        current.length > 0
          ? t('contact-archive-body', {
              children: current.map((c) => `${c.forename} ${c.surname}`).join(', '),
            })
          : t('contact-archive-body-none'),
      confirmLabel: t('contact-archive'),
      cancelLabel: t('contact-cancel'),
      confirmQa: 'contact-archive-confirm',
      onConfirm: () => archive.mutate(true),
    });
  const actions = contact.permittedActions;
  return (
    <>
      <Group gap="sm">
        <Title order={1} fz="h2" data-qa="contact-name">
          {contact.title ? `${contact.title} ` : ''}
          {name}
        </Title>
        {contact.archived && (
          <Badge color="gray" variant="light" data-qa="contact-archived-badge">
            {t('contacts-archived')}
          </Badge>
        )}
      </Group>
      {offline && <OfflineNotice />}
      {contact.archived && (
        <Notice color="gray" qa="contact-archived-notice">
          {t('contact-archived-notice')}
        </Notice>
      )}
      {contact.externallyManaged && (
        <Notice color="gray" qa="contact-externally-managed">
          {t('contact-externally-managed')}
        </Notice>
      )}
      <Paper
        withBorder
        p="md"
        component="form"
        noValidate
        aria-labelledby="contact-details-title"
        onSubmit={(e) => {
          e.preventDefault();
          form.tried();
          setProblem(null);
          if (form.ok && !offline && actions.edit) save.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="h4" id="contact-details-title">
            {t('contact-details')}
          </Title>
          <ContactForm
            values={form.values}
            onChange={form.change}
            problems={form.problems}
            disabled={!actions.edit}
            withPassword={false}
          />
          <CollectionPassword
            contact={contact}
            offline={offline}
            values={form.values}
            onChange={form.change}
            problems={form.problems}
          />
          {problem && (
            <Notice color="red" role="alert" qa="contact-problem">
              {problem}
            </Notice>
          )}
          <Group justify="space-between">
            {actions.restore ? (
              <Button
                variant="default"
                size="md"
                disabled={offline}
                loading={archive.isPending}
                onClick={() => archive.mutate(false)}
                data-qa="contact-restore"
              >
                {t('contact-restore')}
              </Button>
            ) : (
              <Button
                variant="subtle"
                color="red"
                size="md"
                disabled={offline || !actions.archive}
                loading={archive.isPending}
                onClick={confirmArchive}
                data-qa="contact-archive"
              >
                {t('contact-archive')}
              </Button>
            )}
            {actions.edit && (
              <Button
                type="submit"
                size="md"
                disabled={offline}
                loading={save.isPending}
                data-qa="contact-save"
              >
                {t('contact-save')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <ContactLinks contact={contact} offline={offline} onSaved={saved} />
    </>
  );
}

/** The collection password: set or not; Show reads it (audited); Change/Remove go with Save. */
function CollectionPassword(props: {
  contact: ContactDetail;
  offline: boolean;
  values: ContactFormValues;
  onChange: (patch: Partial<ContactFormValues>) => void;
  problems: Partial<Record<FormField, FieldProblem>>;
}) {
  const { t } = useTranslation();
  const { contact, offline, values, onChange } = props;
  const [shown, setShown] = useState<string | null>(null);
  const reveal = useMutation({
    mutationFn: () => contactsApi.password(contact.id),
    onSuccess: (r) => setShown(r.collectionPassword ?? ''),
  });
  const editing = values.collectionPassword !== null;
  const problem = props.problems.collectionPassword;
  const problemText = useProblemText();
  return (
    <Stack gap="xs" data-qa="contact-password">
      <Text fw={600}>{t('contact-field-collectionPassword')}</Text>
      <Text size="sm" c="dimmed">
        {t('contact-password-help')}
      </Text>
      {editing ? (
        <Group align="flex-start">
          <TextInput
            label={t('contact-password-new')}
            value={values.collectionPassword ?? ''}
            onChange={(e) => onChange({ collectionPassword: e.currentTarget.value })}
            error={problemText(problem)}
            autoComplete="off"
            size="md"
            maw={320}
            style={{ flex: 1 }}
            data-qa="contact-password-input"
          />
          <Button
            variant="default"
            size="md"
            onClick={() => onChange({ collectionPassword: null })}
            data-qa="contact-password-cancel"
          >
            {t('contact-cancel')}
          </Button>
        </Group>
      ) : (
        <Group gap="sm">
          <Text data-qa="contact-password-state">
            {shown !== null ? (
              <Text span fw={700} ff="monospace" data-qa="contact-password-value">
                {shown}
              </Text>
            ) : contact.hasCollectionPassword ? (
              t('contact-password-set')
            ) : (
              t('contact-password-none')
            )}
          </Text>
          {contact.permittedActions.showCollectionPassword &&
            (shown === null ? (
              <Button
                variant="light"
                size="md"
                disabled={offline}
                loading={reveal.isPending}
                onClick={() => reveal.mutate()}
                data-qa="contact-password-show"
              >
                {t('contact-password-show')}
              </Button>
            ) : (
              <Button
                variant="light"
                size="md"
                onClick={() => setShown(null)}
                data-qa="contact-password-hide"
              >
                {t('contact-password-hide')}
              </Button>
            ))}
          {contact.permittedActions.edit && (
            <Button
              variant="default"
              size="md"
              onClick={() => onChange({ collectionPassword: '' })}
              data-qa="contact-password-change"
            >
              {contact.hasCollectionPassword ? t('contact-password-change') : t('contact-password-add')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
