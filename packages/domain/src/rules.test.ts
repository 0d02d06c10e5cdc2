import { describe, expect, it } from 'vitest';
import {
  canAttachAnyMedia,
  canAttachMedia,
  checkField,
  checkProfileField,
  childPickerMax,
  considerationRows,
  considerationsBadge,
  decodeLearningStyles,
  isAvailable,
  learningStylesSum,
  mediaPermissionMessage,
  profileFieldLimit,
  shouldSaveNextStep,
  trimReminderNotes,
  usesPriority,
} from './rules.ts';

describe('isAvailable', () => {
  it('needs enabled and the site not disabled', () => {
    expect(isAvailable({ enabled: true, disabledSiteIDs: [2] }, 1)).toBe(true);
    expect(isAvailable({ enabled: true, disabledSiteIDs: [2] }, 2)).toBe(false);
    expect(isAvailable({ enabled: false }, 1)).toBe(false);
    expect(isAvailable({ enabled: true }, null)).toBe(true);
  });
});

describe('learning styles', () => {
  it('stores the sum of distinct ids and decodes it', () => {
    expect(learningStylesSum([1, 4])).toBe(5);
    expect(learningStylesSum([1, 1, 2])).toBe(3);
    expect(learningStylesSum([])).toBe(0);
    expect(decodeLearningStyles(5)).toEqual([1, 4]);
    expect(decodeLearningStyles(7)).toEqual([1, 2, 4]);
    expect(decodeLearningStyles(0)).toEqual([]);
    expect(decodeLearningStyles(null)).toEqual([]);
    expect(decodeLearningStyles(10, [1, 2, 4, 8])).toEqual([2, 8]);
  });
});

describe('childPickerMax', () => {
  it('120 for events, 1 for assessment', () => {
    expect(childPickerMax('observation')).toBe(120);
    expect(childPickerMax('assessment')).toBe(1);
  });
  it('spotlight: 200, 1 for learning story or existing event', () => {
    expect(childPickerMax('snapshot')).toBe(200);
    expect(childPickerMax('snapshot', true)).toBe(1);
    expect(childPickerMax('learningStory')).toBe(1);
  });
});

describe('usesPriority', () => {
  it('tasks and reminders carry a priority, other events none', () => {
    expect(usesPriority('task')).toBe(true);
    expect(usesPriority('observation')).toBe(false);
    expect(usesPriority('sleep')).toBe(false);
    expect(usesPriority(null)).toBe(false);
  });
});

describe('media', () => {
  it('photos need addPhoto or addMedia; videos addVideo or addMedia', () => {
    const none = { addMedia: false, addPhoto: false, addVideo: false };
    expect(canAttachMedia({ ...none, addPhoto: true }, 'image')).toBe(true);
    expect(canAttachMedia({ ...none, addPhoto: true }, 'video')).toBe(false);
    expect(canAttachMedia({ ...none, addMedia: true }, 'video')).toBe(true);
    expect(canAttachAnyMedia(none)).toBe(false);
  });
  it('message names the spotlight type', () => {
    expect(mediaPermissionMessage('learningStory')).toBe(
      "You don't have permissions to attach media to a Learning story",
    );
    expect(mediaPermissionMessage('snapshot')).toBe(
      "You don't have permissions to attach media to a Snapshot",
    );
  });
});

describe('text helpers', () => {
  it('reminder notes trimmed with blank lines collapsed', () => {
    expect(trimReminderNotes('  \n Call mum  \n\n\n\nabout nappies \n  ')).toBe('Call mum\nabout nappies');
  });
  it('consideration rows between 3 and 10', () => {
    expect(considerationRows('')).toBe(3);
    expect(considerationRows('a\nb\nc\nd')).toBe(4);
    expect(considerationRows('\n'.repeat(20))).toBe(10);
  });
  it('badge shows 99+ at 100', () => {
    expect(considerationsBadge(99)).toBe('99');
    expect(considerationsBadge(100)).toBe('99+');
  });
  it('next steps saved only with links, notes or completed', () => {
    expect(shouldSaveNextStep({ links: [], notes: ' ' })).toBe(false);
    expect(shouldSaveNextStep({ links: ['/1/'] })).toBe(true);
    expect(shouldSaveNextStep({ notes: 'x' })).toBe(true);
    expect(shouldSaveNextStep({ completed: true })).toBe(true);
  });
});

describe('profile fields', () => {
  it('limits', () => {
    expect(profileFieldLimit('telmob')).toBe(30);
    expect(profileFieldLimit('address3')).toBe(50);
    expect(profileFieldLimit('postCode')).toBe(20);
    expect(profileFieldLimit('biography')).toBe(1000);
    expect(profileFieldLimit('forename')).toBe(50);
    expect(profileFieldLimit('somethingElse')).toBe(64);
  });
  it('required except phones and address lines 2-5', () => {
    expect(checkProfileField('address1', '')).toEqual({ key: 'this-field-is-required' });
    expect(checkProfileField('address2', '')).toBeNull();
    expect(checkProfileField('telmob', '')).toBeNull();
    expect(checkProfileField('postCode', 'x'.repeat(21))).toEqual({
      key: 'this-field-has-max-length-of',
      params: { limit: 20 },
    });
    expect(checkField('x'.repeat(64), 64)).toBeNull();
  });
});
