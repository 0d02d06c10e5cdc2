import { describe, expect, it } from 'vitest';
import { cancelNeedsConfirmation, initialReportState, judgementIndex, reportReducer } from './reportState';
import { segmentKey } from './wheelModel';

describe('Big Picture report state (spec 001 §4)', () => {
  it('drills into an area and back to the main wheel', () => {
    const drilled = reportReducer(initialReportState, { type: 'drill', areaID: '/-29/2/' });
    expect(drilled.drilledAreaID).toBe('/-29/2/');
    expect(reportReducer(drilled, { type: 'back' }).drilledAreaID).toBeNull();
  });

  it('keeps one judgement per segment: saving again replaces, clear removes only that one', () => {
    let s = reportReducer(initialReportState, { type: 'judgement-mode', on: true });
    s = reportReducer(s, {
      type: 'save-judgement',
      itemID: '/-29/1/1/',
      ageRangeID: -2300,
      grade: 'achieved',
    });
    s = reportReducer(s, {
      type: 'save-judgement',
      itemID: '/-29/1/1/',
      ageRangeID: -2301,
      grade: 'achieved',
    });
    s = reportReducer(s, {
      type: 'save-judgement',
      itemID: '/-29/1/1/',
      ageRangeID: -2300,
      grade: 'workingTowards',
    });
    expect(s.judgements).toHaveLength(2);
    const index = judgementIndex(s.judgements, segmentKey);
    expect(index.get(segmentKey('/-29/1/1/', -2300))).toBe('workingTowards');
    s = reportReducer(s, { type: 'clear-judgement', itemID: '/-29/1/1/', ageRangeID: -2300 });
    expect(s.judgements).toEqual([{ itemID: '/-29/1/1/', ageRangeID: -2301, grade: 'achieved' }]);
    expect(s.judgementMode).toBe(true);
  });

  it('asks before cancelling only with judgements, and discarding drops them all', () => {
    expect(cancelNeedsConfirmation(initialReportState)).toBe(false);
    let s = reportReducer(initialReportState, { type: 'drill', areaID: '/-23/1/' });
    s = reportReducer(s, {
      type: 'save-judgement',
      itemID: '/-23/1/1/',
      ageRangeID: -2502,
      grade: 'bestFit',
    });
    expect(cancelNeedsConfirmation(s)).toBe(true);
    s = reportReducer(s, { type: 'discard' });
    expect(s).toEqual(initialReportState);
    expect(cancelNeedsConfirmation(s)).toBe(false);
  });
});
