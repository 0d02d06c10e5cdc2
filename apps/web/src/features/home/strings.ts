/**
 * en-GB strings of Home (spec 002 §2 Home) and its notices. Each widget adds its own strings when its
 * chunk loads (widgets/<widget>/strings.ts): kept out of the login + Home bundle (bench 'bundle').
 */
export const homeStrings = {
  'nav-home': 'Home',
  'home-title': 'Home',
  'home-due-in_one': '{{count}} child due in',
  'home-due-in_other': '{{count}} children due in',
  'home-alerts': 'Alerts',
  'home-add-observation': 'Add an observation',
  'pin-prompt-title': 'Set a PIN',
  'pin-new': 'PIN',
  'pin-confirm': 'Confirm PIN',
  'pin-save': 'Save',
  'toggle-pin-visibility': 'Show or hide the PIN',
  'pin-no-thanks': 'No thanks',
  'pin-saved': 'Your PIN has been set.',
  'pin-declined':
    'You will not be asked to set a PIN again. You can set one in <profile>your profile</profile>.',
  'pin-save-failed': 'Unable to save your PIN. Please try again.',
  'version-reload': 'Reload',
} as const;
