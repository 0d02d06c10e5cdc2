/** en-GB strings of the profile photo (issue 30); 'profile-photo-offline' is the spec's (domain messages). */
export const photoStrings = {
  'profile-photo-alt': 'Your profile photo',
  'profile-photo-add': 'Add a photo',
  'profile-photo-change': 'Change photo',
  'profile-photo-uploading': 'Uploading… {{percent}} %',
  'profile-photo-saved': 'Your photo has been saved.',
  'profile-photo-unreadable': 'This photo could not be read on this device. Choose another one.',
  'profile-photo-failed': 'Your photo could not be saved: {{message}}',
} as const;
