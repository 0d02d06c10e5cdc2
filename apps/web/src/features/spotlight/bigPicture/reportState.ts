/**
 * What the Big Picture screen holds for the report on show (spec 001 §4 "Big Picture"): the area drilled
 * into, professional judgement mode and the judgements. Judgements live for the session only (in memory,
 * never on the device), one per segment (item and age range): the domain's setJudgement replaces, its
 * clearJudgement removes.
 */
import {
  clearJudgement,
  closeNeedsConfirmation,
  type JudgementGrade,
  type ProfessionalJudgement,
  setJudgement,
} from '@nursery/domain/spotlight';

export interface ReportState {
  /** The area drilled into; null = the main wheel. */
  drilledAreaID: string | null;
  /** Professional judgement mode: the segments show '+' and open the modal. */
  judgementMode: boolean;
  judgements: readonly ProfessionalJudgement[];
}

export const initialReportState: ReportState = { drilledAreaID: null, judgementMode: false, judgements: [] };

export type ReportAction =
  | { type: 'drill'; areaID: string }
  | { type: 'back' }
  | { type: 'judgement-mode'; on: boolean }
  | { type: 'save-judgement'; itemID: string; ageRangeID: number | null; grade: JudgementGrade }
  | { type: 'clear-judgement'; itemID: string; ageRangeID: number | null }
  /** Cancel confirmed: everything the user changed is dropped and the main wheel shows again. */
  | { type: 'discard' };

export function reportReducer(state: ReportState, action: ReportAction): ReportState {
  switch (action.type) {
    case 'drill':
      return { ...state, drilledAreaID: action.areaID };
    case 'back':
      return { ...state, drilledAreaID: null };
    case 'judgement-mode':
      return { ...state, judgementMode: action.on };
    case 'save-judgement': {
      const { itemID, ageRangeID, grade } = action;
      return { ...state, judgements: setJudgement(state.judgements, { itemID, ageRangeID, grade }) };
    }
    case 'clear-judgement':
      return { ...state, judgements: clearJudgement(state.judgements, action.itemID, action.ageRangeID) };
    case 'discard':
      return initialReportState;
  }
}

/** Cancel asks first only when there are judgements to lose (spec 001 §4). */
export function cancelNeedsConfirmation(state: ReportState): boolean {
  return closeNeedsConfirmation(state.judgements);
}

/** The judgements by segment key (what the wheel looks up per segment). */
export function judgementIndex(
  judgements: readonly ProfessionalJudgement[],
  key: (itemID: string, ageRangeID: number | null) => string,
): Map<string, JudgementGrade> {
  return new Map(judgements.map((j) => [key(j.itemID, j.ageRangeID), j.grade]));
}
