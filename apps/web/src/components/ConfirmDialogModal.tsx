import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { type ConfirmRequest, confirmRequests } from './confirmDialog';

/** One confirmation dialog: the question, Cancel and the confirm button (red when it cannot be undone). */
export function ConfirmDialogModal({ request }: { request: ConfirmRequest }) {
  const [opened, setOpened] = useState(true);
  const { title, body, confirmLabel, cancelLabel, confirmQa, cancelQa, danger = true, onConfirm } = request;
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      // Removed once its closing transition ends: the opener's onClose runs then.
      onExitTransitionEnd={() => confirmRequests.close(request.id)}
      title={title}
      centered
    >
      {body !== undefined && body !== null && <Text mb="md">{body}</Text>}
      <Group justify="flex-end" mt={body === undefined || body === null ? 'md' : 0}>
        <Button variant="default" onClick={() => setOpened(false)} data-qa={cancelQa}>
          {cancelLabel}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={() => {
            onConfirm();
            setOpened(false);
          }}
          data-qa={confirmQa}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
