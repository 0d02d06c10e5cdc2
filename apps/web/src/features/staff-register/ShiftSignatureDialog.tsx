// The signature that confirms a check-in, check-out or a break's start or end (spec 002 §2 "signature
// confirm and cancel actions", §3 Shift actualFromSignature / actualToSignature, Break signatures):
// the shared signature pad, fixed size, Confirm only once something is drawn, and Cancel. The drawing
// goes to the caller as a PNG data URL (sent with the action, or kept with it on the device offline).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '../../components/SignaturePad';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { signatureStrings } from './offline/strings';

i18n.addResources(LANGUAGE, 'translation', signatureStrings);

export interface ShiftSignatureDialogProps {
  opened: boolean;
  /** What is being signed, e.g. the check-in of a named member of staff at a time. */
  title: string;
  onConfirm: (dataUrl: string) => void;
  onCancel: () => void;
}

/** The pad and its buttons; mounted afresh each time the dialog opens, so it starts empty. */
function SignStep({ onConfirm, onCancel }: Pick<ShiftSignatureDialogProps, 'onConfirm' | 'onCancel'>) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState(false);
  const read = useRef<() => string | null>(() => null);
  const onReady = useCallback((fn: () => string | null) => {
    read.current = fn;
  }, []);
  return (
    <Stack gap="sm">
      <SignaturePad
        onChange={setDrawn}
        onReady={onReady}
        label={t('staff-signature-pad')}
        clearLabel={t('staff-signature-clear')}
        qa="shift-signature-pad"
      />
      <Text size="sm" c="dimmed" id="shift-signature-hint">
        {t('staff-signature-hint')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" mih={44} miw={88} onClick={onCancel} data-qa="shift-signature-cancel">
          {t('staff-signature-cancel')}
        </Button>
        <Button
          mih={44}
          miw={88}
          disabled={!drawn}
          aria-describedby="shift-signature-hint"
          onClick={() => {
            const data = read.current();
            if (data) onConfirm(data);
          }}
          data-qa="shift-signature-confirm"
        >
          {t('staff-signature-confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ShiftSignatureDialog({ opened, title, onConfirm, onCancel }: ShiftSignatureDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size={500}
      closeButtonProps={{ 'aria-label': t('close'), style: { minWidth: 44, minHeight: 44 } }}
      data-qa="shift-signature-dialog"
    >
      {opened && <SignStep onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}
