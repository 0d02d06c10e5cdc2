/** en-GB strings of the child picker's tiles and the photo-consent warning (issue 13). */
export const childrenStrings = {
  'child-picker-count_one': '{{count}} selected (maximum {{max}})',
  'child-picker-count_other': '{{count}} selected (maximum {{max}})',
  'child-picker-key-children': 'Key children',
  'child-picker-other-children': 'Other children',
  'child-picker-none': 'No children match the search.',
  'child-picker-none-in-room': 'No children in {{room}} match the search.',
  'child-picker-rooms': 'Room',
  'child-picker-all-rooms': 'All rooms',
  'child-picker-max-reached': 'Maximum reached: remove a child to choose another.',
  'child-picker-keys': 'Arrow keys move between children; Space or Enter chooses.',
  'child-picker-born': 'born {{date}}',
  'child-picker-no-photos': 'No photos',
  'child-picker-selected': 'Chosen children',
  'child-search': 'Search children',
  'child-remove': 'Remove {{name}}',
  'child-unknown': 'Child {{id}}',
  'photo-consent-no-title': 'No photo consent',
  'photo-consent-no_one':
    'The parents of {{names}} have not agreed to photos or videos of their child. Remove the photo or video, or take {{names}} off this event, before you save.',
  'photo-consent-no_other':
    'The parents of {{names}} have not agreed to photos or videos of their children. Remove the photo or video, or take these children off this event, before you save.',
  'photo-consent-not-asked-title': 'Photo consent not asked',
  'photo-consent-not-asked_one':
    'The parents of {{names}} have not been asked about photos yet. Check with your manager before you save a photo or video of this child.',
  'photo-consent-not-asked_other':
    'The parents of {{names}} have not been asked about photos yet. Check with your manager before you save a photo or video of these children.',
} as const;
