import { describe, expect, it } from 'vitest';
import {
  activationLink,
  INVITATION_DAYS,
  invitationExpiry,
  invitationState,
  mayResendInvitation,
} from './staffAdmin.ts';

const at = (iso: string) => new Date(iso);

describe('invitationState', () => {
  const sent = at('2026-12-03T10:00:00Z');
  const expires = invitationExpiry(sent);

  it('lasts INVITATION_DAYS days from the send', () => {
    expect(INVITATION_DAYS).toBe(7);
    expect(expires.toISOString()).toBe('2026-12-10T10:00:00.000Z');
  });

  it('is pending before the expiry and expired from it on', () => {
    const facts = { activatedAt: null, invitedAt: sent, expiresAt: expires };
    expect(invitationState(facts, at('2026-12-10T09:59:59Z'))).toBe('pending');
    expect(invitationState(facts, expires)).toBe('expired');
  });

  it('is activated once activated, even after the expiry, and none when never sent', () => {
    const activatedAt = at('2026-12-04T08:00:00Z');
    expect(
      invitationState({ activatedAt, invitedAt: sent, expiresAt: expires }, at('2027-01-01T00:00:00Z')),
    ).toBe('activated');
    expect(invitationState({ activatedAt: null, invitedAt: null, expiresAt: null }, sent)).toBe('none');
  });

  it('offers a resend until activated, never to an archived member', () => {
    expect(mayResendInvitation('expired', false)).toBe(true);
    expect(mayResendInvitation('pending', false)).toBe(true);
    expect(mayResendInvitation('activated', false)).toBe(false);
    expect(mayResendInvitation('expired', true)).toBe(false);
  });
});

describe('activationLink', () => {
  it('is the origin (trailing slashes dropped) and the web app’s activation route', () => {
    expect(activationLink('https://app.example.com/', 'aB-_9')).toBe(
      'https://app.example.com/#/activate/aB-_9',
    );
  });
});
