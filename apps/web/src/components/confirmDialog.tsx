// The app's confirmation dialog (delete, discard, reload with work in progress). Opening one needs no
// dialog code: the request goes to a small store, and ConfirmDialogHost (mounted by the signed-in shell)
// loads the Mantine modal that shows it. So the modal's code is not in the login + Home bundle.
import type { ReactNode } from 'react';
import { createStore } from '../lib/store';

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

export interface ConfirmRequest extends ConfirmDialogOptions {
  id: number;
}

const requests = createStore<readonly ConfirmRequest[]>([]);
let nextID = 1;

/** The open requests, oldest first (the host shows the newest on top). */
export const confirmRequests = {
  get: requests.get,
  subscribe: requests.subscribe,
  /** Removes a request (the dialog closed) and tells its opener. */
  close(id: number): void {
    const request = requests.get().find((r) => r.id === id);
    if (!request) return;
    requests.update((open) => open.filter((r) => r.id !== id));
    request.onClose?.();
  },
};

/** Asks before an action; `onConfirm` runs when the user confirms, then the dialog closes. */
export function openConfirmDialog(options: ConfirmDialogOptions): void {
  requests.update((open) => [...open, { ...options, id: nextID++ }]);
}
