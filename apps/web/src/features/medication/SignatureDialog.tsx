// The medication record's signature dialog (spec 002 §2 "Signature dialogs are fixed size", §4 "Applying
// needs a drawn signature"): the app's one signature pad (components/SignaturePad: pointer events, so a
// finger, a stylus or a mouse; touch-action none), Clear, Cancel and Apply. The pad's size is fixed when
// the dialog opens: 440 × 200 px, narrower only where the screen is (a 390 px phone), since a canvas
// scaled by CSS would draw away from the finger.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '../../components/SignaturePad';
import { SIGNATURE_PAD_HEIGHT, signaturePadWidth } from './signaturePadSize';

export interface SignatureDialogProps {
  opened: boolean;
  /** Who signs and in which role, e.g. "Administered by: Sam Jones". */
  title: string;
  onApply: (dataUrl: string) => void;
  onCancel: () => void;
}

/** Mounted afresh each time the dialog opens, so the pad starts empty. */
function SignStep({ onApply, onCancel }: Pick<SignatureDialogProps, 'onApply' | 'onCancel'>) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState(false);
  const [width] = useState(() => signaturePadWidth(window.innerWidth));
  const read = useRef<() => string | null>(() => null);
  const onReady = useCallback((fn: () => string | null) => {
    read.current = fn;
  }, []);
  return (
    <Stack gap="sm">
      <SignaturePad
        onChange={setDrawn}
        onReady={onReady}
        label={t('medication-signature-pad')}
        clearLabel={t('medication-signature-clear')}
        qa="medication-signature-pad"
        width={width}
        height={SIGNATURE_PAD_HEIGHT}
      />
      <Text size="sm" c="dimmed" id="medication-signature-hint">
        {t('medication-signature-hint')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" mih={44} miw={88} onClick={onCancel} data-qa="medication-signature-cancel">
          {t('medication-signature-cancel')}
        </Button>
        <Button
          mih={44}
          miw={88}
          disabled={!drawn}
          aria-describedby="medication-signature-hint"
          onClick={() => {
            const data = read.current();
            if (data) onApply(data);
          }}
          data-qa="medication-signature-apply"
        >
          {t('medication-signature-apply')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SignatureDialog({ opened, title, onApply, onCancel }: SignatureDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size={500}
      closeButtonProps={{ 'aria-label': t('close'), style: { minWidth: 44, minHeight: 44 } }}
      data-qa="medication-signature-dialog"
    >
      {opened && <SignStep onApply={onApply} onCancel={onCancel} />}
    </Modal>
  );
}
