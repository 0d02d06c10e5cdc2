// SQL of the signed-in user's own secrets (issue 30): every statement names the session's provider and
// user, never an id from the request.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userAccounts } from '../../db/schema/index.ts';

export interface Account {
  providerId: number;
  userId: number;
}

const theAccount = (account: Account) =>
  and(eq(userAccounts.providerId, account.providerId), eq(userAccounts.id, account.userId));

/** The account's argon2id password hash (null: never activated; a session cannot have that, but safe). */
export async function passwordHashOf(db: Db, account: Account): Promise<string | null> {
  const rows = await db
    .select({ passwordHash: userAccounts.passwordHash })
    .from(userAccounts)
    .where(theAccount(account))
    .limit(1);
  return rows[0]?.passwordHash ?? null;
}

/** The question and the answer's argon2id hash, as activation stores them (the reset by question reads them). */
export async function setSecurityQuestion(db: Db, account: Account, question: string, answerHash: string) {
  await db
    .update(userAccounts)
    .set({ securityQuestion: question, securityAnswerHash: answerHash })
    .where(theAccount(account));
}
