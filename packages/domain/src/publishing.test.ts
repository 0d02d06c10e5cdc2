import { describe, expect, it } from 'vitest';
import {
  bulkResultMessage,
  publishWarnings,
  RESTRICTED_CONSIDERATION_MESSAGE,
  resolveStatus,
  saveMessage,
  saveMessageText,
} from './publishing.ts';
import { EventStatus } from './statuses.ts';

const { Draft, Pending, Archived, Published, Deleted } = EventStatus;

describe('saveMessage', () => {
  it('draft -> saved to drafts (even without a staff id)', () => {
    expect(saveMessage({ status: Draft, hasStaffID: true })).toEqual({ key: 'saved-to-drafts' });
    expect(saveMessage({ status: Draft, hasStaffID: false })).toEqual({ key: 'saved-to-drafts' });
  });
  it('awaiting approval without a staff id -> sent to nursery', () => {
    expect(saveMessage({ status: Pending, hasStaffID: false })).toEqual({ key: 'sent-to-nursery' });
  });
  it('awaiting approval with a staff id -> saved to the named status', () => {
    expect(saveMessage({ status: Pending, hasStaffID: true })).toEqual({
      key: 'saved-to-status',
      params: { status: 'Pending' },
    });
  });
  it('deleted, published and archived', () => {
    expect(saveMessage({ status: Deleted, hasStaffID: true }).key).toBe('saved-to-deleted');
    expect(saveMessage({ status: Published, hasStaffID: true }).key).toBe('saved-to-published');
    expect(saveMessage({ status: Archived, hasStaffID: true })).toEqual({
      key: 'saved-to-status',
      params: { status: 'Archived' },
    });
  });
  it('has offline variants', () => {
    expect(saveMessage({ status: Draft, hasStaffID: true, offline: true }).key).toBe(
      'saved-to-drafts-offline',
    );
    expect(saveMessage({ status: Pending, hasStaffID: false, offline: true }).key).toBe(
      'sent-to-nursery-offline',
    );
    expect(saveMessage({ status: Archived, hasStaffID: true, offline: true }).key).toBe(
      'saved-to-status-offline',
    );
  });
  it('renders text', () => {
    expect(saveMessageText(saveMessage({ status: Archived, hasStaffID: true }))).toBe('Saved as Archived.');
  });
  it('throws on an unknown status id', () => {
    expect(() => resolveStatus(2)).toThrow('Unknown event status: 2');
  });
});

describe('bulkResultMessage', () => {
  it('uses the spec wording', () => {
    expect(bulkResultMessage(3, Published)).toBe('3 event(s) published');
    expect(bulkResultMessage(1, Deleted)).toBe('1 event(s) deleted');
    expect(bulkResultMessage(2, Pending)).toBe('2 event(s) moved to Pending');
    expect(bulkResultMessage(4, Archived)).toBe('4 event(s) moved to Archived');
  });
});

describe('publishWarnings', () => {
  const none = { publishPhotos: false, publishVideo: false, publishConsiderations: false };
  const all = { publishPhotos: true, publishVideo: true, publishConsiderations: true };
  const content = { hasPhotos: true, hasVideos: true, hasRestrictedConsiderations: true };

  it('collects every warning when publishing without permissions', () => {
    const w = publishWarnings({ ...content, permissions: none, targetStatus: Published });
    expect(w.map((x) => x.key)).toEqual([
      'publish-photos-not-permitted',
      'publish-videos-not-permitted',
      'restricted-consideration-publish',
    ]);
  });
  it('blocks archiving as well', () => {
    expect(publishWarnings({ ...content, permissions: none, targetStatus: Archived })).toHaveLength(3);
  });
  it('does not block other statuses', () => {
    for (const s of [Draft, Pending, Deleted]) {
      expect(publishWarnings({ ...content, permissions: none, targetStatus: s })).toEqual([]);
    }
  });
  it('does not block with the permissions', () => {
    expect(publishWarnings({ ...content, permissions: all, targetStatus: Published })).toEqual([]);
  });
  it('warns only about what is present', () => {
    const w = publishWarnings({
      hasPhotos: false,
      hasVideos: true,
      hasRestrictedConsiderations: false,
      permissions: { publishPhotos: false },
      targetStatus: Published,
    });
    expect(w.map((x) => x.key)).toEqual(['publish-videos-not-permitted']);
  });
  it('uses the exact spec 001 message for Intervention/Staff Support', () => {
    const [w] = publishWarnings({
      hasPhotos: false,
      hasVideos: false,
      hasRestrictedConsiderations: true,
      permissions: { publishConsiderations: false },
      targetStatus: Archived,
    });
    const text =
      'You cannot save this event to archived/published because there is an Intervention or Staff Support consideration attached. Instead, you can save to pending so that the consideration can be looked at first.';
    expect(w.message).toBe(text);
    expect(RESTRICTED_CONSIDERATION_MESSAGE).toBe(text);
  });
});
