// A parent's or guardian's Consent signed on a published medication record (issue 31): the record is a
// legal record and cannot change, but the parent often signs when collecting the child, after the
// staff member and the witness published it. The server takes one Consent then (append-only, kept in
// the history); this is shown only while the record's answer permits it (`addConsent`). Online only:
// the signature is sent at once and the record is read again (its Consent row then shows the image,
// and this panel goes).
import { Paper, Stack, Text, Title } from '@mantine/core';
import { NO_SIGNER } from '@nursery/domain/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Notice';
import { isApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import { medicationApi, medicationKeys } from './api';
import { type PersonChoice, SignatureRow } from './SignatureRow';

export interface CollectionContact extends PersonChoice {
  /** The contact's person: the signer the server records. */
  personID: number;
}

export function ConsentAtCollection({
  eventID,
  contacts,
}: {
  eventID: number;
  /** The child's contacts; undefined while they load. */
  contacts: readonly CollectionContact[] | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offline = useIsOffline();
  const [contactID, setContactID] = useState<number | null>(null);
  const contact = contacts?.find((c) => c.id === contactID);
  const add = useMutation({
    mutationFn: (signature: string) => {
      if (!contact) throw new Error('no contact chosen');
      return medicationApi.addConsent(eventID, contact.personID, signature);
    },
    onSuccess: async () => {
      // The record (its signatures and permittedActions), the drawer's event and the timeline's card.
      await queryClient.invalidateQueries({
        predicate: (q) => ['medication', 'events', 'timeline'].includes(String(q.queryKey[0])),
      });
    },
  });
  const failure = add.error
    ? t('medication-collection-failed', { message: isApiError(add.error) ? add.error.message : '' })
    : null;

  return (
    <Paper withBorder radius="md" p="md" data-qa="medication-collection" data-print="hide">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('medication-collection-title')}
        </Title>
        <Text size="sm">{t('medication-collection-hint')}</Text>
        {offline && (
          <Notice color="yellow" qa="medication-collection-offline">
            {t('medication-collection-offline')}
          </Notice>
        )}
        {failure && (
          <Notice color="red" role="alert" qa="medication-collection-failed">
            {failure}
          </Notice>
        )}
        <SignatureRow
          type="Consent"
          choices={contacts ?? []}
          signer={{ ...NO_SIGNER, personID: contactID }}
          storedImageUrl={null}
          enabled={!offline && !add.isPending && !add.isSuccess}
          waitingNote={null}
          emptyNote={contacts?.length === 0 ? t('medication-child-has-no-contacts') : null}
          readOnly={false}
          error={null}
          onChoose={(personID) => {
            add.reset();
            setContactID(personID);
          }}
          onSigned={(dataUrl) => add.mutate(dataUrl)}
        />
      </Stack>
    </Paper>
  );
}
