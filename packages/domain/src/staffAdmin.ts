/**
 * Staff administration (issue 29, #/settings/staff): the limits of a member's fields (spec 002 §9) and
 * the state of their invitation. Pure rules: the server checks them, the web shows the same words.
 */

/** Names: 1 to 50 characters (spec §4/§9, as people's CHECK constraints). */
export const STAFF_NAME_MAX = 50;
/** Title and job title: the spec's default limit. */
export const STAFF_TEXT_MAX = 64;
export const STAFF_PHONE_MAX = 30;
export const STAFF_ADDRESS_LINE_MAX = 50;
export const STAFF_POSTCODE_MAX = 20;
/** An e-mail address (RFC 5321's path limit). */
export const STAFF_EMAIL_MAX = 254;
/** A page of the staff list. */
export const STAFF_PAGE_SIZE = 25;
/** How long an invitation's activation link works. */
export const INVITATION_DAYS = 7;
/** Bytes of randomness in an activation code (256 bits; at least 128 asked). */
export const ACTIVATION_CODE_BYTES = 32;

export type InvitationState = 'activated' | 'pending' | 'expired' | 'none';

export interface InvitationFacts {
  activatedAt: Date | null;
  invitedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * Where a member's login stands: activated once activated_at is set, whatever was sent; otherwise an
 * invitation is pending until its expiry (the expiry instant itself is expired), or none was sent
 * (a member from before invitations, e.g. imported).
 */
export function invitationState(facts: InvitationFacts, now: Date): InvitationState {
  if (facts.activatedAt) return 'activated';
  if (!facts.invitedAt || !facts.expiresAt) return 'none';
  return now.getTime() < facts.expiresAt.getTime() ? 'pending' : 'expired';
}

/** The instant an invitation sent at `sentAt` stops working. */
export const invitationExpiry = (sentAt: Date): Date =>
  new Date(sentAt.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

/** The link an invitation carries: the web app's activation route (another issue's screen). */
export const activationLink = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, '')}/#/activate/${encodeURIComponent(code)}`;

/** A member may be given a resend until they activate; an archived member gets none. */
export const mayResendInvitation = (state: InvitationState, archived: boolean): boolean =>
  !archived && state !== 'activated';
