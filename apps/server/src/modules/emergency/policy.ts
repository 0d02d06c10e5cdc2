// Who may read the emergency contacts list (spec 002 §6: `viewChildContacts` | emergency contacts link).
import type { preHandlerAsyncHookHandler } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';

/** A staff session with `viewChildContacts` (403 `err-permission-denied` otherwise). */
export const requireViewChildContacts: preHandlerAsyncHookHandler[] = [
  requireSession,
  async (request) => {
    if (!authOf(request).permissions.viewChildContacts) throw forbidden();
  },
];
