/**
 * Event type tags (spec 000 §2 and §3, spec 001 §3). The tag decides which tab of the add/edit
 * screen an event type uses; `generic` covers types with no specific screen.
 */
export const EVENT_TAGS = [
  'observation',
  'assessment',
  'sleep',
  'meal',
  'accident',
  'nappy',
  'generic',
  'task',
  'enhancedprovision',
  'snapshot',
  'learningStory',
  'medication',
] as const;
export type EventTag = (typeof EVENT_TAGS)[number];

/** Tabs of the add/edit screen, in order (spec 000 §2). */
export const ADD_SCREEN_TAGS = [
  'observation',
  'assessment',
  'sleep',
  'meal',
  'accident',
  'nappy',
  'generic',
] as const;

/** Types hidden from the add screen (spec 000 §2). */
export const HIDDEN_FROM_ADD_TAGS = [
  'task',
  'enhancedprovision',
  'snapshot',
  'learningStory',
  'medication',
] as const;

/** Spotlight types: edited at /spotlight, not at #/edit (spec 000 §2, spec 001). */
export const SPOTLIGHT_TAGS = ['snapshot', 'learningStory'] as const;
export type SpotlightTag = (typeof SPOTLIGHT_TAGS)[number];

export function isEventTag(tag: string): tag is EventTag {
  return (EVENT_TAGS as readonly string[]).includes(tag);
}

export function isSpotlightTag(tag: string | null | undefined): tag is SpotlightTag {
  return tag === 'snapshot' || tag === 'learningStory';
}

export function isHiddenFromAdd(tag: string | null | undefined): boolean {
  return tag != null && (HIDDEN_FROM_ADD_TAGS as readonly string[]).includes(tag);
}

/** Display names used in messages such as "You don't have permissions to attach media to a {type}". */
export const SPOTLIGHT_TYPE_NAMES: Record<SpotlightTag, string> = {
  snapshot: 'Snapshot',
  learningStory: 'Learning story',
};
