/**
 * en-GB strings of the profile (spec 002 §2 Profile accordion, §5 Profile, §8 Account). The spec gives
 * the message keys ('this-field-is-required', 'pin-incorrect', …, in the domain's shared messages) but
 * not every text: the texts here are chosen in docs/decisions.md "Issue 30: the profile".
 */
import { accessibilityStrings } from './strings/accessibility';
import { detailsStrings } from './strings/details';
import { passwordStrings } from './strings/password';
import { photoStrings } from './strings/photo';
import { tokenLoginProfileStrings } from './strings/token-login';
import { profileUnlockStrings } from './strings/unlock';

export const profileStrings = {
  ...accessibilityStrings,
  ...detailsStrings,
  ...photoStrings,
  ...profileUnlockStrings,
  'profile-title': 'My profile',
  'profile-intro': 'Your details, sign-in and how the app looks for you.',
  'profile-section-notifications': 'Notification settings',
  'profile-notifications-intro': 'Choose how you are told about comments, requests and published events.',
  'profile-notifications-open': 'Open notification settings',
  ...passwordStrings,
  ...tokenLoginProfileStrings,
} as const;
