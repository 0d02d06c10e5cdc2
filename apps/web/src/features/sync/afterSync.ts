// Apart from preparePlan.ts: the shell needs only this rule, not the preparation's plan. The rule itself
// is lib/afterServerChange.ts, shared with the event form's online save (issue 27).
export {
  AFTER_SERVER_CHANGE_PREFIXES as AFTER_SYNC_REFRESH_PREFIXES,
  refreshesAfterServerChange as refreshesAfterSync,
} from '../../lib/afterServerChange';
