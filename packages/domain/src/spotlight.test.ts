import { describe, expect, it } from 'vitest';
import { canAttachMedia, mediaPermissionMessage } from './rules.ts';
import {
  addConsideration,
  canChangeSpotlightType,
  canSelectAllChildren,
  carouselIndex,
  characterCounter,
  childCountProblem,
  type EditorConsideration,
  type EditorGrading,
  effectiveSpotlightType,
  gradingTotal,
  hasSpotlightText,
  hasTextField,
  insertGuidanceHeaders,
  interventionVisibilityNote,
  learningStoryChildWarning,
  mediaTiles,
  missingContentBadge,
  normaliseConsiderations,
  notesAfterGradingChange,
  overTextLimit,
  removeGuidanceHeaders,
  restrictedConsiderationProblem,
  SPOTLIGHT_TEXT_DEFAULT_MAX,
  saveStatusesAllowed,
  selectGrade,
  setGradingAgeRange,
  setGradingNotes,
  spotlightChildMax,
  spotlightTextFieldsOf,
  spotlightTextLimits,
  spotlightTextsOfType,
  switchSpotlightType,
  textFieldsNotOfType,
  twoYearAgeProblem,
} from './spotlight.ts';
import { EventStatus } from './statuses.ts';

const RESTRICTED =
  'You cannot save this event to archived/published because there is an Intervention or Staff Support consideration attached. Instead, you can save to pending so that the consideration can be looked at first.';

describe('children', () => {
  it('takes 1 for a learning story or an existing event, else 200', () => {
    expect(spotlightChildMax('learningStory', false)).toBe(1);
    expect(spotlightChildMax('snapshot', true)).toBe(1);
    expect(spotlightChildMax('snapshot', false)).toBe(200);
    expect(childCountProblem('snapshot', 200, false)).toBeNull();
    expect(childCountProblem('snapshot', 201, false)).toBe('too-many');
    expect(childCountProblem('snapshot', 2, true)).toBe('single-child');
    expect(childCountProblem('learningStory', 2, false)).toBe('single-child');
    expect(childCountProblem('learningStory', 0, false)).toBe('none-selected');
  });

  it('warns when a learning story has more than one child, and refuses select-all for it', () => {
    expect(learningStoryChildWarning('learningStory', 2)).toBe(
      'You must select a single child when adding a learning story.',
    );
    expect(learningStoryChildWarning('learningStory', 1)).toBeNull();
    expect(learningStoryChildWarning('snapshot', 5)).toBeNull();
    expect(canSelectAllChildren('learningStory')).toBe(false);
    expect(canSelectAllChildren('snapshot')).toBe(true);
  });

  it('keeps a two-year check to children 22 to 36 months old at the event date', () => {
    const msg = 'The selected child is not in the allowed age range for two year checks';
    expect(twoYearAgeProblem(true, [{ dob: '2024-01-10' }], '2026-01-10')).toBeNull(); // 24 months
    expect(twoYearAgeProblem(true, [{ dob: '2025-06-01' }], '2026-01-10')).toBe(msg); // 7 months
    expect(twoYearAgeProblem(true, [{ dob: '2022-01-01' }], '2026-01-10')).toBe(msg); // 48 months
    expect(twoYearAgeProblem(false, [{ dob: '2025-06-01' }], '2026-01-10')).toBeNull();
    expect(twoYearAgeProblem(true, [], '2026-01-10')).toBeNull();
  });
});

describe('gradings', () => {
  const item = '/-23/1/2/';
  it('clears a grade selected again, and drops a grading that no longer counts', () => {
    const once = selectGrade([], item, 1);
    expect(once).toEqual([{ itemID: item, value: 1, ageRangeID: null, notes: null }]);
    expect(selectGrade(once, item, 1)).toEqual([]);
    expect(selectGrade(once, item, 0)[0]!.value).toBe(0);
  });

  it('keeps a grading with an age range or notes as best fit, and clears the age range', () => {
    const ranged = setGradingAgeRange(selectGrade([], item, 1), item, -2501);
    expect(selectGrade(ranged, item, 1)).toEqual([
      { itemID: item, value: null, ageRangeID: -2501, notes: null },
    ]);
    const cleared = setGradingAgeRange(selectGrade(ranged, item, 1), item, null);
    expect(cleared).toEqual([]);
    expect(setGradingNotes([], item, 'climbs')).toEqual([
      { itemID: item, value: null, ageRangeID: null, notes: 'climbs' },
    ]);
    expect(setGradingNotes(setGradingNotes([], item, 'x'), item, '')).toEqual([]);
  });

  it('counts gradings plus best fits and gives the 255 message over the ceiling', () => {
    const gradings: EditorGrading[] = Array.from({ length: 250 }, (_, i) => ({
      itemID: `/-29/${i}/`,
      value: 1,
      ageRangeID: null,
      notes: null,
    }));
    const bestFits = Array.from({ length: 5 }, (_, i) => ({ itemID: `/-23/${i}/`, ageRangeID: -2501 }));
    expect(gradingTotal(gradings, bestFits)).toEqual({ count: 255, problem: null });
    const more = [...bestFits, { itemID: '/-23/9/', ageRangeID: -2502 }];
    expect(gradingTotal(gradings, more)).toEqual({
      count: 256,
      problem:
        'Too many gradings have been attached to this event. The maximum allowed is 255 (you have added 256).',
    });
    // A grading without value, age range or notes does not count.
    expect(gradingTotal([{ itemID: 'a', value: null, ageRangeID: null, notes: ' ' }], []).count).toBe(0);
  });
});

describe('considerations', () => {
  const intervention: EditorConsideration = { status: 'Intervention', notes: 'n', visibleToParents: true };
  it('allows one only', () => {
    const one = addConsideration([], intervention);
    expect(one).toHaveLength(1);
    expect(addConsideration(one, { status: 'Monitor', notes: null, visibleToParents: false })).toEqual(one);
  });

  it('clears visibleToParents for anything but Intervention', () => {
    expect(normaliseConsiderations([{ ...intervention, status: 'Monitor' }])[0]!.visibleToParents).toBe(
      false,
    );
    expect(normaliseConsiderations([intervention])[0]!.visibleToParents).toBe(true);
    expect(addConsideration([], { ...intervention, status: 'StaffSupport' })[0]!.visibleToParents).toBe(
      false,
    );
  });

  it('refuses archived/published with an Intervention or Staff Support one, unless publishConsiderations', () => {
    for (const status of ['Intervention', 'StaffSupport']) {
      expect(restrictedConsiderationProblem([{ status }], EventStatus.Published, false)).toBe(RESTRICTED);
      expect(restrictedConsiderationProblem([{ status }], EventStatus.Archived, false)).toBe(RESTRICTED);
      expect(restrictedConsiderationProblem([{ status }], EventStatus.Pending, false)).toBeNull();
      expect(restrictedConsiderationProblem([{ status }], EventStatus.Published, true)).toBeNull();
    }
    expect(restrictedConsiderationProblem([{ status: 'Monitor' }], EventStatus.Published, false)).toBeNull();
    expect(saveStatusesAllowed([1, 3, 4, 5], [{ status: 'Intervention' }], false)).toEqual([1, 3]);
    expect(saveStatusesAllowed([1, 3, 4, 5], [], false)).toEqual([1, 3, 4, 5]);
  });

  it('words the ParentZone note per type', () => {
    expect(interventionVisibilityNote('learningStory')).toBe(
      'The intervention will be visible in ParentZone once the learning story is published',
    );
    expect(interventionVisibilityNote('snapshot')).toContain('once the snapshot is published');
  });
});

describe('type switching', () => {
  const both = [
    { type: 'snapshot' as const, codes: [{ id: 11 }, { id: 12 }] },
    { type: 'learningStory' as const, codes: [{ id: 21 }, { id: 22 }] },
  ];
  it('switches snapshot to learning story when snapshots are not enabled', () => {
    expect(effectiveSpotlightType('snapshot', [both[1]!])).toBe('learningStory');
    expect(effectiveSpotlightType('snapshot', both)).toBe('snapshot');
    expect(effectiveSpotlightType('learningStory', [both[0]!])).toBe('snapshot');
    expect(effectiveSpotlightType('snapshot', [])).toBeNull();
  });

  it('resets the code to the first code of the new type', () => {
    expect(switchSpotlightType('learningStory', both)).toEqual({ type: 'learningStory', codeID: 21 });
    expect(switchSpotlightType('snapshot', both)).toEqual({ type: 'snapshot', codeID: 11 });
  });

  it('locks the type tabs once the event exists, except while saving or not editable', () => {
    expect(canChangeSpotlightType(false, false, true)).toBe(true);
    expect(canChangeSpotlightType(true, false, true)).toBe(false);
    expect(canChangeSpotlightType(true, true, true)).toBe(true);
    expect(canChangeSpotlightType(true, false, false)).toBe(true);
  });
});

describe('guidance-note headers', () => {
  const areas = ['Communication and Language', 'Physical Development'];
  it('inserts the missing headers once and removes them again, keeping what was written', () => {
    const inserted = insertGuidanceHeaders('Played outside.', areas);
    expect(inserted).toBe('Played outside.\n[Communication and Language]\n[Physical Development]');
    expect(insertGuidanceHeaders(inserted, areas)).toBe(inserted);
    const written = `${inserted}\nRan and jumped.`;
    expect(removeGuidanceHeaders(written, areas)).toBe('Played outside.\nRan and jumped.');
    expect(insertGuidanceHeaders('', ['A'])).toBe('[A]');
  });

  it('removes them automatically when nothing under /-23 is graded', () => {
    const notes = insertGuidanceHeaders('x', areas);
    expect(notesAfterGradingChange(notes, [{ itemID: '/-23/1/' }], areas)).toBe(notes);
    expect(notesAfterGradingChange(notes, [{ itemID: '/-29/1/' }], areas)).toBe('x');
  });
});

describe('text limits', () => {
  it('takes the flags named after the type, else the defaults; consideration details the default maximum', () => {
    const limits = spotlightTextLimits(
      { learningStoryNotesLimit: 500, learningStoryParentNotesLimit: 0 },
      'learningStory',
    );
    expect(limits.notes).toBe(500);
    expect(limits.parentNotes).toBeNull();
    expect(limits.considerationNotes).toBe(SPOTLIGHT_TEXT_DEFAULT_MAX);
    expect(spotlightTextLimits({ snapshotChildVoiceLimit: 300 }, 'snapshot').childsVoice).toBe(300);
    expect(spotlightTextLimits({}, 'snapshot').notes).toBeGreaterThan(0);
    expect(characterCounter('abc', 10)).toBe('3 / 10');
    expect(overTextLimit('abcd', 3)).toBe(true);
    expect(overTextLimit('abcd', null)).toBe(false);
  });
});

describe('media', () => {
  it('shows at most 4 tiles, the 4th +N for the rest', () => {
    expect(mediaTiles(['a', 'b', 'c', 'd']).map((t) => t.kind)).toEqual(['media', 'media', 'media', 'media']);
    const six = mediaTiles(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(six).toHaveLength(4);
    expect(six[3]).toEqual({ kind: 'more', count: 3, index: 3 });
    expect(mediaTiles([])).toEqual([]);
  });

  it('keeps the carousel index in bounds', () => {
    expect(carouselIndex(3, 3)).toBe(2);
    expect(carouselIndex(-1, 3)).toBe(0);
    expect(carouselIndex(2, 0)).toBe(0);
  });

  it('needs addMedia, or addPhoto/addVideo for the kind, with the message by type', () => {
    expect(canAttachMedia({ addMedia: false, addPhoto: true, addVideo: false }, 'image')).toBe(true);
    expect(canAttachMedia({ addMedia: false, addPhoto: true, addVideo: false }, 'video')).toBe(false);
    expect(canAttachMedia({ addMedia: true, addPhoto: false, addVideo: false }, 'video')).toBe(true);
    expect(mediaPermissionMessage('learningStory')).toBe(
      "You don't have permissions to attach media to a Learning story",
    );
  });

  it('words the missing-content badge per type', () => {
    expect(missingContentBadge('snapshot', 0, 0)).toBe('No framework indicators attached');
    expect(missingContentBadge('learningStory', 0, 0)).toBe(
      'No framework indicators or checkpoints attached',
    );
    expect(missingContentBadge('learningStory', 0, 1)).toBeNull();
  });
});

describe('text fields by type (SpotlightTextFields)', () => {
  it('gives each type its fields in their declared order', () => {
    expect(spotlightTextFieldsOf('snapshot')).toEqual(['notes', 'childsVoice']);
    expect(spotlightTextFieldsOf('learningStory')).toEqual(['notes', 'parentNotes']);
    expect(hasTextField('learningStory', 'childsVoice')).toBe(false);
    expect(hasTextField('snapshot', 'childsVoice')).toBe(true);
  });
  it("stores the type's fields as sent and the others as null", () => {
    const texts = { notes: 'N', childsVoice: 'C', parentNotes: 'P' };
    expect(spotlightTextsOfType(texts, 'snapshot')).toEqual({
      notes: 'N',
      childsVoice: 'C',
      parentNotes: null,
    });
    expect(spotlightTextsOfType(texts, 'learningStory')).toEqual({
      notes: 'N',
      childsVoice: null,
      parentNotes: 'P',
    });
    expect(spotlightTextsOfType({}, 'snapshot')).toEqual({
      notes: null,
      childsVoice: null,
      parentNotes: null,
    });
  });
  it('names the filled fields a type does not have; blanks are not text', () => {
    expect(textFieldsNotOfType({ notes: 'N', parentNotes: 'P' }, 'snapshot')).toEqual(['parentNotes']);
    expect(textFieldsNotOfType({ childsVoice: 'C' }, 'learningStory')).toEqual(['childsVoice']);
    expect(textFieldsNotOfType({ childsVoice: '  ', parentNotes: null }, 'learningStory')).toEqual([]);
    expect(textFieldsNotOfType({ childsVoice: 'C' }, 'snapshot')).toEqual([]);
  });
  it('tells whether any text field holds text', () => {
    expect(hasSpotlightText({ notes: ' ', childsVoice: null })).toBe(false);
    expect(hasSpotlightText({ parentNotes: 'P' })).toBe(true);
  });
});
