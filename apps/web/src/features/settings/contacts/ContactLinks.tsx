// A contact's links to children (issue 29): per link the relationship, priority and the four flags, saved
// one link at a time; removing one asks first (and warns when the last contact with parental
// responsibility goes; a current child's only contact cannot be removed); linking a child found by name.
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CONTACT_PRIORITY_MAX,
  CONTACT_RELATIONSHIP_MAX,
  CONTACT_SEARCH_MIN,
  type ContactChildLink,
  type ContactDetail,
  type ContactLinkInput,
} from '@nursery/domain/settings';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { Notice } from '../../../components/Notice';
import { contactChildChoicesQuery, contactsApi } from './contactsApi';
import { useRefusalText } from './refusals';

const FLAGS = ['parentalResponsibility', 'emergency', 'canCollect', 'canAddNotes'] as const;

const NEW_LINK: ContactLinkInput = {
  relationship: null,
  priority: 1,
  parentalResponsibility: true,
  emergency: true,
  canCollect: true,
  canAddNotes: true,
};

interface Props {
  contact: ContactDetail;
  offline: boolean;
  onSaved: (next: ContactDetail) => void;
}

export function ContactLinks({ contact, offline, onSaved }: Props) {
  const { t } = useTranslation();
  const editable = contact.permittedActions.edit;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="contact-children-title"
      data-qa="contact-links"
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="contact-children-title">
          {t('contact-children')}
        </Title>
        {contact.children.length === 0 && (
          <Text c="dimmed" data-qa="contact-links-empty">
            {t('contact-children-none')}
          </Text>
        )}
        {contact.children.map((link) => (
          <LinkEditor
            key={link.childID}
            contact={contact}
            link={link}
            offline={offline}
            editable={editable}
            onSaved={onSaved}
          />
        ))}
        {editable && <AddLink contact={contact} offline={offline} onSaved={onSaved} />}
      </Stack>
    </Paper>
  );
}

function LinkFields(props: {
  value: ContactLinkInput;
  onChange: (v: ContactLinkInput) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { value, onChange, disabled } = props;
  const relationship = value.relationship ?? '';
  return (
    <>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label={t('contact-link-relationship')}
          value={relationship}
          onChange={(e) => onChange({ ...value, relationship: e.currentTarget.value })}
          error={
            relationship.trim().length > CONTACT_RELATIONSHIP_MAX
              ? t('this-field-has-max-length-of', { limit: String(CONTACT_RELATIONSHIP_MAX) })
              : null
          }
          disabled={disabled}
          size="md"
          style={{ flex: '1 1 14rem' }}
          data-qa="contact-link-relationship"
        />
        <NumberInput
          label={t('contact-link-priority')}
          value={value.priority}
          min={1}
          max={CONTACT_PRIORITY_MAX}
          clampBehavior="strict"
          hideControls
          allowDecimal={false}
          onChange={(v) => onChange({ ...value, priority: typeof v === 'number' && v >= 1 ? v : 1 })}
          disabled={disabled}
          size="md"
          w={120}
          data-qa="contact-link-priority"
        />
      </Group>
      <Group gap="lg" wrap="wrap">
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`contact-link-${flag}`)}
            checked={value[flag]}
            onChange={(e) => onChange({ ...value, [flag]: e.currentTarget.checked })}
            disabled={disabled}
            size="md"
            mih={44}
            style={{ display: 'flex', alignItems: 'center' }}
            data-qa={`contact-link-${flag}`}
          />
        ))}
      </Group>
    </>
  );
}

const linkInputOf = (l: ContactChildLink): ContactLinkInput => ({
  relationship: l.relationship,
  priority: l.priority,
  parentalResponsibility: l.parentalResponsibility,
  emergency: l.emergency,
  canCollect: l.canCollect,
  canAddNotes: l.canAddNotes,
});

function LinkEditor({
  contact,
  link,
  offline,
  editable,
  onSaved,
}: Props & { link: ContactChildLink; editable: boolean }) {
  const { t } = useTranslation();
  const refusal = useRefusalText();
  const child = `${link.forename} ${link.surname}`;
  const [value, setValue] = useState(() => linkInputOf(link));
  const dirty = JSON.stringify(value) !== JSON.stringify(linkInputOf(link));
  const tooLong = (value.relationship ?? '').trim().length > CONTACT_RELATIONSHIP_MAX;
  const save = useMutation({
    mutationFn: () => contactsApi.putLink(contact.id, link.childID, value),
    onSuccess: (next) => {
      onSaved(next);
      notifications.show({ color: 'green', message: t('contact-link-saved', { child }) });
    },
  });
  const remove = useMutation({
    mutationFn: () => contactsApi.removeLink(contact.id, link.childID),
    onSuccess: (next) => {
      onSaved(next);
      notifications.show({ color: 'green', message: t('contact-link-removed', { child }) });
    },
  });
  const confirmRemove = () =>
    openConfirmDialog({
      title: t('contact-link-remove-title', { child }),
      body:
        link.removal === 'last-parental-responsibility'
          ? t('contact-link-remove-last-pr', { child })
          : t('contact-link-remove-body', { child }),
      confirmLabel: t('contact-link-remove', { child }),
      cancelLabel: t('contact-cancel'),
      confirmQa: 'contact-link-remove-confirm',
      onConfirm: () => remove.mutate(),
    });
  return (
    <Paper withBorder p="sm" data-qa="contact-link" data-child-id={link.childID}>
      <Stack gap="sm">
        <Group gap="sm">
          <Text fw={600}>{child}</Text>
          <Text c="dimmed" size="sm">
            {link.siteName}
          </Text>
          {link.left && (
            <Badge color="gray" variant="light">
              {t('contact-child-left')}
            </Badge>
          )}
        </Group>
        <LinkFields value={value} onChange={setValue} disabled={!editable} />
        {(save.isError || remove.isError) && (
          <Notice color="red" role="alert" qa="contact-link-problem">
            {refusal(save.error ?? remove.error)}
          </Notice>
        )}
        {link.removal === 'last-contact' && editable && (
          <Text size="sm" c="dimmed" data-qa="contact-link-last">
            {t('contact-link-last-contact', { child })}
          </Text>
        )}
        {editable && (
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              size="md"
              disabled={offline || link.removal === 'last-contact'}
              loading={remove.isPending}
              onClick={confirmRemove}
              data-qa="contact-link-remove"
            >
              {t('contact-link-remove', { child })}
            </Button>
            <Button
              size="md"
              variant="light"
              disabled={offline || !dirty || tooLong}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-qa="contact-link-save"
            >
              {t('contact-link-save', { child })}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function AddLink({ contact, offline, onSaved }: Props) {
  const { t } = useTranslation();
  const refusal = useRefusalText();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [value, setValue] = useState<ContactLinkInput>(NEW_LINK);
  const linked = new Set(contact.children.map((c) => c.childID));
  const choices = useQuery({
    ...contactChildChoicesQuery(q),
    enabled: !offline && q.length >= CONTACT_SEARCH_MIN,
  });
  const add = useMutation({
    mutationFn: (child: { id: number; name: string }) => contactsApi.putLink(contact.id, child.id, value),
    onSuccess: (next, child) => {
      onSaved(next);
      setSearch('');
      setValue(NEW_LINK);
      notifications.show({ color: 'green', message: t('contact-link-added', { child: child.name }) });
    },
  });
  const found = (choices.data?.children ?? []).filter((c) => !linked.has(c.id));
  return (
    <Stack gap="sm" data-qa="contact-link-add">
      <Title order={3} fz="h5">
        {t('contact-link-add-title')}
      </Title>
      <TextInput
        label={t('contact-link-find')}
        description={t('contact-link-find-hint')}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="md"
        maw={420}
        data-qa="contact-link-find"
      />
      {q.length >= CONTACT_SEARCH_MIN && choices.data && found.length === 0 && (
        <Text c="dimmed" data-qa="contact-link-no-match">
          {t('contact-link-no-match')}
        </Text>
      )}
      {found.length > 0 && (
        <>
          <LinkFields value={value} onChange={setValue} disabled={false} />
          <Group gap="sm" wrap="wrap">
            {found.map((c) => {
              const name = `${c.forename} ${c.surname}`;
              return (
                <Button
                  key={c.id}
                  variant="default"
                  size="md"
                  disabled={offline}
                  loading={add.isPending && add.variables?.id === c.id}
                  onClick={() => add.mutate({ id: c.id, name })}
                  data-qa="contact-link-choice"
                  data-child-id={c.id}
                >
                  {t('contact-link-add', { child: name })} · {c.siteName}
                </Button>
              );
            })}
          </Group>
        </>
      )}
      {add.isError && (
        <Notice color="red" role="alert" qa="contact-link-add-problem">
          {refusal(add.error)}
        </Notice>
      )}
    </Stack>
  );
}
