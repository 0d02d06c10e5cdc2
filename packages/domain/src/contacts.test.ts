import { describe, expect, it } from 'vitest';
import { archiveBlockedBy, contactSearchTerm, likePattern, linkRemoval } from './contacts.ts';
import { ContactDetailsInput, ContactLinkInput } from './schemas/contacts.ts';

const link = (over: Partial<Parameters<typeof linkRemoval>[0]> = {}) => ({
  current: true,
  otherContacts: 1,
  otherParentalResponsibility: 1,
  parentalResponsibility: true,
  ...over,
});

describe('linkRemoval', () => {
  it('refuses to take a current child’s last contact away', () => {
    expect(linkRemoval(link({ otherContacts: 0, otherParentalResponsibility: 0 }))).toBe('last-contact');
  });
  it('warns when the last contact with parental responsibility goes', () => {
    expect(linkRemoval(link({ otherParentalResponsibility: 0 }))).toBe('last-parental-responsibility');
    expect(linkRemoval(link({ otherParentalResponsibility: 0, parentalResponsibility: false }))).toBe(
      'allowed',
    );
  });
  it('lets any link of a child who has left go', () => {
    expect(linkRemoval(link({ current: false, otherContacts: 0 }))).toBe('allowed');
  });
  it('blocks archiving only on the children it is the only contact of', () => {
    const only = link({ otherContacts: 0 });
    expect(archiveBlockedBy([link(), only, link({ current: false, otherContacts: 0 })])).toEqual([only]);
  });
});

describe('contact search', () => {
  it('ignores terms shorter than two characters and squeezes spaces', () => {
    expect(contactSearchTerm(' a ')).toBeNull();
    expect(contactSearchTerm(undefined)).toBeNull();
    expect(contactSearchTerm('  Jo   Smith ')).toBe('Jo Smith');
  });
  it('takes LIKE’s own characters literally', () => {
    expect(likePattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});

describe('ContactDetailsInput', () => {
  it('trims, stores empty optional fields as nothing and keeps an absent password absent', () => {
    const v = ContactDetailsInput.parse({ forename: ' Ann ', surname: 'Lee', telmob: ' ', email: '' });
    expect(v).toMatchObject({ forename: 'Ann', surname: 'Lee', telmob: null, email: null });
    expect('collectionPassword' in v).toBe(false);
  });
  it('holds the spec’s limits with the field named', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['forename', { forename: 'x'.repeat(51) }],
      ['surname', { surname: '' }],
      ['telmob', { telmob: '1'.repeat(31) }],
      ['address1', { address1: 'x'.repeat(51) }],
      ['postCode', { postCode: 'x'.repeat(21) }],
      ['email', { email: 'not an address' }],
      ['collectionPassword', { collectionPassword: 'x'.repeat(51) }],
    ];
    for (const [field, over] of cases) {
      const r = ContactDetailsInput.safeParse({ forename: 'A', surname: 'B', ...over });
      expect(r.success, field).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual([field]);
    }
    expect(
      ContactDetailsInput.safeParse({ forename: 'x'.repeat(50), surname: 'B', postCode: 'x'.repeat(20) })
        .success,
    ).toBe(true);
  });
  it('a link’s priority is 1 to 99', () => {
    const base = { parentalResponsibility: true, emergency: true, canCollect: true, canAddNotes: true };
    expect(ContactLinkInput.safeParse({ ...base, priority: 0 }).success).toBe(false);
    expect(ContactLinkInput.safeParse({ ...base, priority: 1 }).success).toBe(true);
  });
});
