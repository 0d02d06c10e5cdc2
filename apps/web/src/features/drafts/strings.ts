/** en-GB strings of the drafts list, its cards and the preview. */
export const draftsStrings = {
  'nav-drafts': 'Drafts',
  // Saves waiting on this device, shown on the list (issue 13 "Offline from the first minute").
  'drafts-device-title': 'Saved on this device, not uploaded yet',
  'drafts-device-badge': 'On this device',
  'drafts-device-waiting': 'Waiting to upload',
  'drafts-device-error': 'Could not be uploaded: see Sync',
  'drafts-device-conflict': 'Changed by someone else meanwhile: see Sync',
  'drafts-device-edit-of': 'Edit of event {{id}}',
  'drafts-device-photos_one': '{{count}} photo or video',
  'drafts-device-photos_other': '{{count}} photos or videos',
  'drafts-offline-no-copy':
    'This list has not been saved on this device for offline use. Go online to see it; events saved on this device are shown above.',
  'drafts-offline-no-copy-empty':
    'This list has not been saved on this device for offline use. Go online to see it.',
  // Page (spec 000 §2 "Drafts list"); the alerts, the empty state and Show More are domain messages.
  'drafts-title': 'Drafts',
  'drafts-title-all': 'All events',
  'drafts-add-spotlight': 'Add a Spotlight',
  'drafts-alerts': 'Alerts',
  'drafts-go-to-sync': 'Go to Sync',
  'drafts-list': 'Events',
  'drafts-load-failed': 'Unable to load the events: {{message}}',
  'drafts-loading-more': 'Loading more events…',
  'drafts-all-loaded_one': 'All {{count}} event shown.',
  'drafts-all-loaded_other': 'All {{count}} events shown.',
  'drafts-dismiss': 'Dismiss',

  // Event card
  'drafts-card-select': 'Select {{child}}, {{type}}',
  'drafts-card-no-child': 'No child',
  'drafts-card-by': 'By',
  'drafts-card-media': 'Photos and videos',
  'drafts-card-media-more': '+{{count}}',
  'drafts-card-media-more-label_one': '{{count}} more photo or video',
  'drafts-card-media-more-label_other': '{{count}} more photos or videos',
  'drafts-card-meals': 'Meals',
  'drafts-card-meal-unknown': 'Meal {{id}}',
  'drafts-card-preview': 'Preview',
  'drafts-card-preview-label': 'Preview {{child}}, {{type}}',
  'drafts-card-edit': 'Edit',
  'drafts-card-edit-label': 'Edit {{child}}, {{type}}',
  'drafts-card-view': 'View',
  'drafts-card-view-label': 'View {{child}}, {{type}}',
  'drafts-card-unknown-type': 'Type {{id}}',

  // Preview
  'drafts-preview-view': 'View',
} as const;
