import { notifications } from '@mantine/notifications';

/**
 * A register's short confirmation ('Checked in.', 'Kept on this device'): at the bottom of the screen,
 * where it never covers the sticky action buttons at the top, and one at a time per kind: a second of
 * the same kind replaces the first instead of stacking (issue 27).
 */
const shownByKind = new Map<string, string>();
let sequence = 0;

export function showRegisterToast(
  kind: string,
  message: string,
  { color = 'green', autoClose = 4000 }: { color?: string; autoClose?: number } = {},
): void {
  const previous = shownByKind.get(kind);
  if (previous) notifications.hide(previous);
  sequence += 1;
  const id = `register-toast-${kind}-${sequence}`;
  shownByKind.set(kind, id);
  notifications.show({
    id,
    color,
    message,
    autoClose,
    position: 'bottom-center',
    onClose: () => {
      if (shownByKind.get(kind) === id) shownByKind.delete(kind);
    },
  });
}
