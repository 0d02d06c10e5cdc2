import { eq } from 'drizzle-orm';
import { serverSessions } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/** Ends the session (its row goes), audited with the reason. */
export async function endSession(deps: AppDeps, auth: AuthContext, action: string) {
  await deps.db.delete(serverSessions).where(eq(serverSessions.id, auth.sessionId));
  await audit(deps.db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action,
    entity: 'user',
    entityId: auth.userId,
    at: deps.clock.now(),
  });
}
