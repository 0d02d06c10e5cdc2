/** @nursery/domain/events: events (observations, care records, medication, assessments): types, rules, statuses, media, signatures, drafts. */

export * from '../deviceDrafts.ts';
export * from '../eventRules.ts';
export * from '../eventTypes.ts';
export * from '../medication.ts';
export * from '../publishing.ts';
export * from '../saveRules.ts';
export * from '../schemas/eventHistory.ts';
export * from '../schemas/eventSearch.ts';
export * from '../schemas/eventStatusChanges.ts';
export * from '../schemas/events.ts';
export * from '../schemas/media.ts';
export * from '../schemas/medication.ts';
export * from '../schemas/nextSteps.ts';
export * from '../schemas/signatures.ts';
export * from '../transitions.ts';
