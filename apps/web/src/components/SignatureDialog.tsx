// The app's one signature dialog (spec 002 §2 "Signature dialogs are fixed size", "signature confirm
// and cancel actions"): used by the medication record's three signatures and by the staff register's
// check-in, check-out and break signatures. The shared pad (SignaturePad: pointer events, so a finger,
// a stylus or a mouse; touch-action none), Clear, Cancel and Apply once something is drawn. The pad's
// size is fixed when the dialog opens: 440 × 200 px, narrower only where the screen is (a 390 px
// phone), since a canvas scaled by CSS would draw away from the finger. The drawing goes to the caller
// as a PNG data URL. Words and data-qa names come from the caller (each feature owns its strings).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from './SignaturePad';
import { SIGNATURE_PAD_HEIGHT, signaturePadWidth } from './signaturePadSize';

export interface SignatureDialogLabels {
  /** The pad's accessible name. */
  pad: string;
  clear: string;
  /** Under the pad: how to sign. */
  hint: string;
  cancel: string;
  /** The button that hands the drawing over (Apply, Confirm). */
  apply: string;
}

export interface SignatureDialogProps {
  opened: boolean;
  /** Who signs and for what, e.g. "Administered by: Sam Jones". */
  title: string;
  labels: SignatureDialogLabels;
  /** data-qa prefix: `{qa}-dialog`, `{qa}-pad`, `{qa}-cancel`, `{qa}-apply`. */
  qa: string;
  onApply: (dataUrl: string) => void;
  onCancel: () => void;
}

type SignStepProps = Pick<SignatureDialogProps, 'labels' | 'qa' | 'onApply' | 'onCancel'>;

/** Mounted afresh each time the dialog opens, so the pad starts empty. */
function SignStep({ labels, qa, onApply, onCancel }: SignStepProps) {
  const hintID = useId();
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
        label={labels.pad}
        clearLabel={labels.clear}
        qa={`${qa}-pad`}
        width={width}
        height={SIGNATURE_PAD_HEIGHT}
      />
      <Text size="sm" c="dimmed" id={hintID}>
        {labels.hint}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" mih={44} miw={88} onClick={onCancel} data-qa={`${qa}-cancel`}>
          {labels.cancel}
        </Button>
        <Button
          mih={44}
          miw={88}
          disabled={!drawn}
          aria-describedby={hintID}
          onClick={() => {
            const data = read.current();
            if (data) onApply(data);
          }}
          data-qa={`${qa}-apply`}
        >
          {labels.apply}
        </Button>
      </Group>
    </Stack>
  );
}

export function SignatureDialog({ opened, title, labels, qa, onApply, onCancel }: SignatureDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      size={500}
      closeButtonProps={{ 'aria-label': t('close'), style: { minWidth: 44, minHeight: 44 } }}
      data-qa={`${qa}-dialog`}
    >
      {opened && <SignStep labels={labels} qa={qa} onApply={onApply} onCancel={onCancel} />}
    </Modal>
  );
}
