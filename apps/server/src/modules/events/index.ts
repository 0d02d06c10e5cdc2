// The events module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).

export type { EventPartRows, EventRecord, Exec, Tx } from './event-queries.ts';
export {
  childrenFor,
  eventParts,
  eventsBySave,
  firstPriorityId,
  schemeItems,
  visibleEventById,
  visibleEventOn,
  visibleEvents,
} from './event-queries.ts';
export { eventGraphQL } from './graphql.ts';
export { MEDICATION_PUBLISHED, medicationChangeRefusal } from './medication-guard.ts';
export type { EventPolicy, EventTypeConfig } from './policy.ts';
export { loadEventPolicy } from './policy.ts';
export type { CheckedSave, EventSavePart, EventSaveRequest, SaveContext } from './save-command.ts';
export { runEventSave } from './save-command.ts';
export type { TypeAndCode } from './save-rules.ts';
export { resolveTypeAndCode } from './save-rules.ts';
export type { Visibility } from './search-queries.ts';
export { eventVisibleSql, visibilityFromConfig } from './search-queries.ts';
export { assertChildren, visibleEvent } from './service.ts';
export type { PendingInsert } from './write-queries.ts';
export { insertHistory, partsInserts, runInserts, updateEventRow } from './write-queries.ts';
