// Capturing a signature at the register (spec 002 §2 "capture signature", §5, §8): the child's contacts
// to choose the signer from, a signature pad, confirm only with a contact and a signature. A child
// without contacts gets the spec's message; accidents not signed by a parent are signed first
// ('register-unsigned-accidents'). Lazy: loaded with the register screen, never in the shell.
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatDate } from '@nursery/domain/common';
import type { ChildContactSummary, SignatureAnswer } from '@nursery/domain/events';
import { canConfirmSignature, type RegisterChild } from '@nursery/domain/registers';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { SignaturePad } from '../../components/SignaturePad';
import { useIsOffline } from '../../lib/connectivity';
import classes from './SignatureModal.module.css';
import { signatureApi, signatureKeys } from './signatureApi';

const initials = (c: { forename: string; surname: string }) =>
  `${c.forename.charAt(0)}${c.surname.charAt(0)}`.toLocaleUpperCase('en-GB');

/** The signer's choice: one button per contact (photo initials, name, relationship), aria-pressed. */
function ContactChooser({
  contacts,
  value,
  onChange,
}: {
  contacts: ChildContactSummary[];
  value: number | null;
  onChange: (personID: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset aria-label={t('register-signature-contact')} className={classes.contacts}>
      {contacts.map((c) => (
        <UnstyledButton
          key={c.contactID}
          className={classes.contact}
          aria-pressed={value === c.personID}
          data-selected={value === c.personID || undefined}
          onClick={() => onChange(c.personID)}
          data-qa="signature-contact"
          data-person-id={c.personID}
        >
          <span className={classes.initials} aria-hidden="true">
            {initials(c)}
          </span>
          <span>
            <Text fw={600} size="sm" component="span" display="block">
              {c.forename} {c.surname}
            </Text>
            {c.relationship && (
              <Text size="xs" c="dimmed" component="span" display="block">
                {c.relationship}
              </Text>
            )}
          </span>
        </UnstyledButton>
      ))}
    </fieldset>
  );
}

/** One signing step: the contact chooser, the pad and confirm (enabled by canConfirmSignature). */
function SignStep({
  contacts,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  contacts: ChildContactSummary[];
  confirmLabel: string;
  busy: boolean;
  onConfirm: (personID: number, dataUrl: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [personID, setPersonID] = useState<number | null>(
    contacts.length === 1 ? contacts[0]!.personID : null,
  );
  const [changed, setChanged] = useState(false);
  const read = useRef<() => string | null>(() => null);
  const onReady = useCallback((fn: () => string | null) => {
    read.current = fn;
  }, []);
  const ready = canConfirmSignature(personID, { changed });
  return (
    <Stack gap="sm">
      <ContactChooser contacts={contacts} value={personID} onChange={setPersonID} />
      <SignaturePad
        onChange={setChanged}
        onReady={onReady}
        label={t('register-signature-pad')}
        clearLabel={t('register-signature-clear')}
        qa="signature-pad"
      />
      <Group justify="flex-end">
        <Button variant="default" mih={44} onClick={onCancel} data-qa="signature-cancel">
          {t('register-cancel')}
        </Button>
        <Button
          mih={44}
          disabled={!ready}
          loading={busy}
          onClick={() => {
            const data = read.current();
            if (personID !== null && data) onConfirm(personID, data);
          }}
          data-qa="signature-confirm"
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

export function SignatureModal({
  child,
  date,
  onClose,
  onSaved,
}: {
  child: RegisterChild;
  date: string;
  onClose: () => void;
  onSaved: (signature: SignatureAnswer) => void;
}) {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const today = useQuery({
    queryKey: signatureKeys.childToday(child.id),
    queryFn: ({ signal }) => signatureApi.childToday(child.id, signal),
    enabled: child.hasContacts,
    staleTime: 0,
    retry: false,
  });
  const [typeID, setTypeID] = useState<number | null>(null);
  const [accidentsDone, setAccidentsDone] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const sessions = child.sessions.filter((s) => !s.isOff);
  const types = today.data?.signatureTypes ?? [];
  // The first type not signed yet on the child's sessions (drop off, then pick up).
  const defaultType = useMemo(() => {
    const signed = new Set(sessions.flatMap((s) => (s.signatures ?? []).map((g) => g.typeID)));
    return types.find((ty) => !signed.has(ty.id))?.id ?? types[0]?.id ?? null;
  }, [types, sessions]);
  const chosenType = typeID ?? defaultType;
  // Accidents are signed first when online (register-unsigned-accidents).
  const pendingAccidents = offline
    ? []
    : (today.data?.unsignedAccidents ?? []).filter((a) => !accidentsDone.includes(a.id));
  const accident = pendingAccidents[0];

  const signAccident = async (personID: number, signature: string) => {
    if (!accident) return;
    setBusy(true);
    setFailed(false);
    try {
      await signatureApi.postEvent(accident.id, { personID, signature });
      setAccidentsDone((done) => [...done, accident.id]);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const signRegister = async (personID: number, signature: string) => {
    if (chosenType === null || sessions.length === 0) return;
    setBusy(true);
    setFailed(false);
    try {
      const answer = await signatureApi.post({
        childID: child.id,
        comboIDs: sessions.map((s) => s.comboID),
        date,
        signature,
        personID,
        typeID: chosenType,
      });
      onSaved(answer);
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const name = `${child.forename} ${child.surname}`;
  let body: React.ReactNode;
  if (!child.hasContacts || (today.data && today.data.contacts.length === 0)) {
    body = (
      <Alert color="yellow" icon={<AlertIcon />} role="alert" data-qa="signature-no-contacts">
        {t('child-has-no-contacts')}
      </Alert>
    );
  } else if (today.isPending) {
    body = <Loader size="sm" aria-label={t('register-loading')} />;
  } else if (today.isError || !today.data) {
    // A load failure hides the capture controls (spec 002 §8 "Signatures").
    body = (
      <Alert color="red" icon={<AlertIcon />} role="alert" data-qa="signature-load-failed">
        {t('signature-offline')}
      </Alert>
    );
  } else if (accident) {
    body = (
      <Stack gap="sm">
        <Alert color="orange" icon={<AlertIcon />} data-qa="signature-unsigned-accidents">
          {t('register-unsigned-accidents')}
        </Alert>
        <Text size="sm" data-qa="signature-accident">
          <b>{t('register-signature-accident', { date: formatDate(accident.raised) })}</b> {accident.notes}
        </Text>
        <SignStep
          key={`accident-${accident.id}`}
          contacts={today.data.contacts}
          confirmLabel={t('register-signature-sign-accident')}
          busy={busy}
          onConfirm={(p, s) => void signAccident(p, s)}
          onCancel={onClose}
        />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        {types.length > 1 && (
          <SegmentedControl
            value={chosenType === null ? undefined : String(chosenType)}
            onChange={(v) => setTypeID(Number(v))}
            data={types.map((ty) => ({ value: String(ty.id), label: ty.name }))}
            aria-label={t('register-signature-type')}
            data-qa="signature-type"
          />
        )}
        <SignStep
          key="register"
          contacts={today.data.contacts}
          confirmLabel={t('register-signature-confirm')}
          busy={busy}
          onConfirm={(p, s) => void signRegister(p, s)}
          onCancel={onClose}
        />
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('register-signature-title', { name })}
      size={500}
      closeButtonProps={{ 'aria-label': t('close') }}
      data-qa="signature-modal"
    >
      <Stack gap="sm">
        {failed && (
          <Alert color="red" role="alert" data-qa="signature-save-failed">
            {t('register-signature-save-failed')}
          </Alert>
        )}
        {body}
      </Stack>
    </Modal>
  );
}
