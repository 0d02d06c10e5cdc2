import type { ActivationAnswer } from '@nursery/domain/account';
import type { InvitedAccount } from './queries.ts';

/** What the activation screen shows: the e-mail being activated and the nursery's name. */
export const presentActivation = (account: InvitedAccount): ActivationAnswer => ({
  email: account.email,
  provider: account.provider,
});
