/** en-GB strings of the events timeline and its drawer (issue 31). */
export const timelineStrings = {
  'timeline-title': 'Events',
  // The list
  'timeline-room': 'Room',
  'timeline-room-all': 'All rooms',
  'timeline-list': 'Events by day',
  'timeline-loading': 'Loading events…',
  'timeline-loading-more': 'Loading more events…',
  'timeline-load-more': 'Load more',
  'timeline-all-loaded_one': 'All {{count}} event shown.',
  'timeline-all-loaded_other': 'All {{count}} events shown.',
  'timeline-empty': 'No events match these filters.',
  'timeline-empty-clear': 'Clear filters',
  'timeline-load-failed': 'Unable to load the events: {{message}}',
  'timeline-more-failed': 'Unable to load more events: {{message}}',
  'timeline-retry': 'Retry',
  'timeline-offline':
    'You are offline: these are the events last seen on this device. Go online to see the newest.',
  'timeline-offline-no-copy':
    'You are offline and these events have not been seen on this device yet. Go online to see them.',
  // A card
  'timeline-card-no-child': 'No child',
  'timeline-card-unknown-type': 'Type {{id}}',
  'timeline-card-open': 'Open',
  'timeline-card-open-label': 'Open {{child}}, {{type}} at {{time}}',
  'timeline-card-media_one': '{{count}} photo or video',
  'timeline-card-media_other': '{{count}} photos or videos',
  'timeline-card-comments_one': '{{count}} comment',
  'timeline-card-comments_other': '{{count}} comments',
} as const;
