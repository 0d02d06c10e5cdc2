// The provider's e-mail outbox as #/settings/device lists it (issue 29): recipient, subject, status and
// times, newest first, a page at a time; never the text (an invitation's carries its activation code).

import type { OutboxPage } from '@nursery/domain/settings';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { cursorCodec, cursorId, keysetPage, pgTimestampText } from '../../lib/cursor.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { presentOutboxRow } from './presenter.ts';
import { outboxRows } from './queries.ts';

export const OUTBOX_PAGE_SIZE = 20;

const outboxCursor = cursorCodec(
  z.tuple([pgTimestampText, cursorId]),
  (p: { created: string; id: number }) => [p.created, p.id],
  ([created, id]) => ({ created, id }),
);

export async function listOutbox(
  deps: AppDeps,
  auth: AuthContext,
  cursor: string | undefined,
): Promise<OutboxPage> {
  const rows = await outboxRows(deps.db, auth.providerId, {
    before: cursor ? outboxCursor.decode(cursor) : undefined,
    limit: OUTBOX_PAGE_SIZE + 1,
  });
  const { page, next } = keysetPage(rows, OUTBOX_PAGE_SIZE, (last) =>
    outboxCursor.encode({ created: last.createdText, id: last.id }),
  );
  return {
    messages: page.map(presentOutboxRow),
    nextCursor: next,
    delivery: deps.mail?.smtp ? 'smtp' : 'kept',
  };
}
