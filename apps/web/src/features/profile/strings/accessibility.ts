/**
 * en-GB strings of the profile's Accessibility section (spec 002 §2, §8 "accessibility saved (or saved to
 * cache offline)", §9 the colour names) and of the Help and privacy section (issue 30).
 */
export const accessibilityStrings = {
  'profile-section-accessibility': 'Accessibility',
  'accessibility-intro':
    'Choose the colour of the boxes you type in and the height of their lines. It applies to every screen.',
  'accessibility-colour-legend': 'Input box colour',
  'accessibility-line-height-label': 'Line height',
  'accessibility-preview-label': 'Preview',
  'accessibility-preview-value': 'This is how text looks in a box.',
  'accessibility-preview-notes': 'Notes look like this, line after line.',
  'accessibility-save': 'Save',
  'accessibility-save-done': 'Accessibility settings saved.',
  'accessibility-save-done-offline':
    'Accessibility settings saved to cache offline. They are sent when the device is back online.',
  'accessibility-save-failed': 'The accessibility settings could not be saved. Please try again.',
  'accessibility-colour-FFFFFF': 'White',
  'accessibility-colour-AFD3E1': 'Aqua',
  'accessibility-colour-EEE8AA': 'Golden-rod',
  'accessibility-colour-40E0D0': 'Turquoise',
  'accessibility-colour-B3B3B3': 'Grey',
  'accessibility-colour-FF9999': 'Rose',
  'accessibility-colour-D580FF': 'Purple',
  'accessibility-colour-FFFF80': 'Yellow',
  'accessibility-colour-FFBF80': 'Peach',
  'accessibility-colour-B3FFB3': 'Green',
  'accessibility-colour-A3C2C2': 'Blue-grey',
  'profile-section-help': 'Help and privacy',
  'help-links-intro': 'Where to get help, tell us what you think, and how your data is handled.',
  'help-link-help': 'Help',
  'help-link-help-none': 'For help with the app, ask your nursery’s manager.',
  'help-link-feedback': 'Send feedback',
  'help-link-privacy': 'Privacy',
  'help-link-about': 'About this app',
  'help-link-new-tab': '(opens in a new tab)',
} as const;
