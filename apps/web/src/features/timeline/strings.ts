/** en-GB strings of the events timeline and its drawer (issue 31). */
export const timelineStrings = {
  'timeline-title': 'Events',
} as const;
