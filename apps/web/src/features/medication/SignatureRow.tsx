// One signature row of the medication record (spec 002 §2, §4): choose the person, then sign. The
// dialog opens by itself 150 ms after a person is chosen (spec 002 §9 "signature auto delay"), and by
// the Sign button; the drawn or stored signature shows beside the row.
import { Button, Group, Image, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { MedicationSigner, SignatureType } from '@nursery/domain/events';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Notice';
import { SignatureDialog } from '../../components/SignatureDialog';

/** Spec 002 §9: "Signature auto delay 150 ms on person transitions". */
export const SIGNATURE_AUTO_DELAY_MS = 150;

export interface PersonChoice {
  id: number;
  name: string;
}

export interface SignatureRowProps {
  type: SignatureType;
  choices: readonly PersonChoice[];
  signer: MedicationSigner;
  /** The stored signature's image (a saved record), shown while no new one is drawn. */
  storedImageUrl: string | null;
  /** The person may be chosen (the order of spec 002 §4). */
  enabled: boolean;
  /** Why the row waits (the order's rule), shown while it is not enabled. */
  waitingNote: string | null;
  /** Shown instead of the choice (a child without contacts). */
  emptyNote: string | null;
  readOnly: boolean;
  error: string | null;
  onChoose: (personID: number | null) => void;
  onSigned: (dataUrl: string) => void;
}

export function SignatureRow(props: SignatureRowProps) {
  const { type, choices, signer, enabled, waitingNote, emptyNote, readOnly, error } = props;
  const { t } = useTranslation();
  const [signing, setSigning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const role = t(`medication-role-${type}`);
  const person = choices.find((c) => c.id === signer.personID);
  const image = signer.dataUrl ?? (signer.signatureID !== null ? props.storedImageUrl : null);
  const qa = `medication-signature-${type}`;
  const selectID = `${qa}-person`;

  const choose = (value: string) => {
    const personID = value === '' ? null : Number(value);
    props.onChoose(personID);
    if (timer.current) clearTimeout(timer.current);
    if (personID !== null) timer.current = setTimeout(() => setSigning(true), SIGNATURE_AUTO_DELAY_MS);
  };

  return (
    <Paper withBorder radius="md" p="sm" data-qa={qa} data-signed={image ? 'true' : 'false'}>
      <Stack gap="xs">
        {emptyNote ? (
          <>
            <Text fw={600}>{role}</Text>
            <Notice color="yellow" qa={`${qa}-empty`}>
              {emptyNote}
            </Notice>
          </>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              id={selectID}
              label={role}
              required={type !== 'Consent'}
              value={signer.personID === null ? '' : String(signer.personID)}
              onChange={(e) => choose(e.currentTarget.value)}
              disabled={readOnly || !enabled}
              error={error}
              data={[
                {
                  value: '',
                  label: t(type === 'Consent' ? 'medication-choose-contact' : 'medication-choose-staff'),
                },
                ...choices.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
              style={{ flex: '1 1 14rem' }}
              data-qa={`${qa}-person`}
            />
            {!readOnly && (
              <Button
                variant={image ? 'default' : 'filled'}
                disabled={!enabled || signer.personID === null}
                onClick={() => setSigning(true)}
                miw={88}
                data-qa={`${qa}-sign`}
              >
                {t(image ? 'medication-sign-again' : 'medication-sign')}
              </Button>
            )}
          </Group>
        )}
        {!enabled && !readOnly && waitingNote && !emptyNote && (
          <Text size="sm" c="dimmed" data-qa={`${qa}-waiting`}>
            {waitingNote}
          </Text>
        )}
        {image && person ? (
          <Image
            src={image}
            alt={t('medication-signature-of', { name: person.name })}
            w={220}
            h={100}
            fit="contain"
            bg="white"
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
            data-qa={`${qa}-image`}
          />
        ) : (
          signer.personID !== null && (
            <Text size="sm" c="dimmed">
              {t('medication-not-signed')}
            </Text>
          )
        )}
      </Stack>
      <SignatureDialog
        opened={signing && !readOnly && enabled && signer.personID !== null}
        title={t('medication-signature-title', { role, name: person?.name ?? '' })}
        onApply={(dataUrl) => {
          setSigning(false);
          props.onSigned(dataUrl);
        }}
        labels={{
          pad: t('medication-signature-pad'),
          clear: t('medication-signature-clear'),
          hint: t('medication-signature-hint'),
          cancel: t('medication-signature-cancel'),
          apply: t('medication-signature-apply'),
        }}
        qa="medication-signature"
        onCancel={() => setSigning(false)}
      />
    </Paper>
  );
}
