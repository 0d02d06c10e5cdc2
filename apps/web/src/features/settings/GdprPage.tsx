// #/gdpr (spec 002 "Other screens", issue 29): raise a request to erase a child's data or a parent's or
// carer's, and the requests waiting for approval (Home's list, with its decisions). approveGDPR; online
// only: offline it says so and keeps what was typed.
import { Button, Loader, Paper, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ageLabel } from '@nursery/domain/children';
import { todayInZone } from '@nursery/domain/common';
import { GDPR_REASON_LIMIT } from '@nursery/domain/home';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatedPage } from '../../components/GatedPage';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { now } from '../../lib/clock';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { useSiteChildren } from '../events';
import { GdprRequestsList, requestKeys } from '../home';
import { gdprApi } from './gdprApi';
import { gdprStrings } from './gdprStrings';

i18n.addResources(LANGUAGE, 'translation', gdprStrings);

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="gdpr"
      title={t('gdpr-title')}
      intro={t('gdpr-intro')}
      maw={900}
      gap="lg"
      allowed={can('approveGDPR')}
      noAccess={t('gdpr-no-access')}
    >
      <RaiseRequest />
      {/* The list brings its own heading ('GDPR erasure requests') and empty state. */}
      <Suspense fallback={<Loader size="sm" />}>
        <GdprRequestsList />
      </Suspense>
    </GatedPage>
  );
}

type Subject = 'child' | 'contact';

function RaiseRequest() {
  const { t } = useTranslation();
  const { site } = useSession();
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const children = useSiteChildren(site.id).data ?? [];
  const [childID, setChildID] = useState<string | null>(null);
  const [subject, setSubject] = useState<Subject>('child');
  const [contactID, setContactID] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const today = todayInZone(now(), site.timeZone);
  const rooms = new Map(site.rooms.map((r) => [r.id, r.name]));
  const childOptions = children.map((c) => ({
    value: String(c.id),
    label: [
      `${c.forename} ${c.surname}`,
      ageLabel(c.dob, today),
      c.roomID !== null ? rooms.get(c.roomID) : null,
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  const contacts = useQuery({
    queryKey: ['gdpr-child-contacts', site.id, childID] as const,
    queryFn: () => gdprApi.contactsOf(site.id, Number(childID)),
    enabled: childID !== null && subject === 'contact' && !offline,
  });
  const child = children.find((c) => String(c.id) === childID);
  const contact = contacts.data?.find((c) => String(c.id) === contactID);
  const name =
    subject === 'child'
      ? child && `${child.forename} ${child.surname}`
      : contact && `${contact.forename} ${contact.surname}`;
  const ready = name !== undefined && reason.length <= GDPR_REASON_LIMIT;
  const raise = useMutation({
    mutationFn: () =>
      gdprApi.raise({
        ...(subject === 'child' ? { childID: Number(childID) } : { contactID: Number(contactID) }),
        reason: reason.trim() === '' ? null : reason,
      }),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t('gdpr-raised', { name: name ?? '' }),
        autoClose: 5000,
      });
      setChildID(null);
      setContactID(null);
      setSubject('child');
      setReason('');
      return queryClient.invalidateQueries({ queryKey: requestKeys.gdpr });
    },
  });
  const problem =
    raise.error instanceof ApiError && raise.error.code === 'err-gdpr-request-pending'
      ? t('err-gdpr-request-pending')
      : raise.error
        ? t('gdpr-error', { message: raise.error.message })
        : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="gdpr-raise-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !offline) raise.mutate();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="h4" id="gdpr-raise-title">
            {t('gdpr-raise-title')}
          </Title>
          {offline && (
            <Notice color="yellow" qa="gdpr-offline">
              {t('gdpr-offline')}
            </Notice>
          )}
          <Select
            label={t('gdpr-child')}
            placeholder={t('gdpr-child-placeholder')}
            data={childOptions}
            value={childID}
            onChange={(value) => {
              setChildID(value);
              setContactID(null);
              raise.reset();
            }}
            searchable
            clearable
            maw={480}
            data-qa="gdpr-child"
          />
          <Radio.Group
            label={t('gdpr-subject')}
            value={subject}
            onChange={(value) => {
              setSubject(value as Subject);
              raise.reset();
            }}
          >
            <Stack gap={0} mt={4}>
              <Radio value="child" label={t('gdpr-subject-child')} data-qa="gdpr-subject-child" />
              <Radio value="contact" label={t('gdpr-subject-contact')} data-qa="gdpr-subject-contact" />
            </Stack>
          </Radio.Group>
          {subject === 'contact' && childID !== null && (
            <>
              {contacts.isError && (
                <Notice color="red" role="alert" qa="gdpr-contacts-failed">
                  {t('gdpr-contacts-failed')}
                </Notice>
              )}
              {contacts.data?.length === 0 ? (
                <Text c="dimmed" data-qa="gdpr-no-contacts">
                  {t('gdpr-no-contacts')}
                </Text>
              ) : (
                <Select
                  label={t('gdpr-contact')}
                  placeholder={t('gdpr-contact-placeholder')}
                  data={(contacts.data ?? []).map((c) => ({
                    value: String(c.id),
                    label: `${c.forename} ${c.surname}`,
                  }))}
                  value={contactID}
                  onChange={setContactID}
                  disabled={contacts.isPending}
                  maw={480}
                  data-qa="gdpr-contact"
                />
              )}
            </>
          )}
          <Textarea
            label={t('gdpr-reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            error={
              reason.length > GDPR_REASON_LIMIT
                ? t('this-field-has-max-length-of', { limit: String(GDPR_REASON_LIMIT) })
                : null
            }
            description={t('gdpr-reason-count', {
              used: String(reason.length),
              limit: String(GDPR_REASON_LIMIT),
            })}
            data-qa="gdpr-reason"
          />
          {problem && (
            <Notice color="red" role="alert" qa="gdpr-problem">
              {problem}
            </Notice>
          )}
          <div>
            <Button type="submit" disabled={!ready || offline} loading={raise.isPending} data-qa="gdpr-raise">
              {t('gdpr-raise')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
