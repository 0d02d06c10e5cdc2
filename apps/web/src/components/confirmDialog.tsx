import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmDialogOptions {
  title: ReactNode;
  /** The question, as a paragraph; omitted = the title says it all. */
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** data-qa of the confirm button (and of the cancel button, when given). */
  confirmQa: string;
  cancelQa?: string;
  /** A red confirm button for what cannot be undone (the default). */
  danger?: boolean;
  onConfirm: () => void;
  /** Called whenever the dialog closes, after a confirm too (cancel, Escape, the close button). */
  onClose?: () => void;
}

/** Asks before an action (delete, discard, reload with work in progress): Mantine's confirm modal. */
export function openConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  confirmQa,
  cancelQa,
  danger = true,
  onConfirm,
  onClose,
}: ConfirmDialogOptions): void {
  // Mantine types the button props without data attributes; they reach the button all the same.
  const qa = (value: string) => ({ 'data-qa': value }) as Record<string, string>;
  modals.openConfirmModal({
    title,
    children: body === undefined ? null : <Text>{body}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: danger ? { color: 'red', ...qa(confirmQa) } : qa(confirmQa),
    cancelProps: cancelQa ? qa(cancelQa) : undefined,
    onConfirm,
    onClose,
  });
}
