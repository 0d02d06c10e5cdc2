/**
 * en-GB strings of the media panel's checks and photo preparation (issue 13 "Photos"). The refusal
 * of a type starts with the spec's wording (000 §8 media-type-cannot-be-uploaded); the size wording
 * is the server's own (err-media-too-large), so the device and the server say the same.
 */
export const mediaStrings = {
  'media-preparing': 'Preparing {{name}}',
  'media-prepare-progress': 'Preparation progress of {{name}}',
  'media-refused-type':
    'This type of media cannot be uploaded. Choose a JPEG, PNG, WebP or GIF photo, or an MP4, MOV or WebM video.',
  'media-refused-photo-size': 'The photo is too large (at most {{max}}).',
  'media-refused-video-size': 'The video is too large (at most {{max}}).',
  'media-refused-unreadable':
    'This photo could not be read on this device. Choose a JPEG, PNG, WebP or GIF photo (on an iPad or iPhone: Settings, Camera, Formats, Most Compatible).',
  'media-no-retry': 'Trying again will not help: this file cannot be uploaded as it is.',
  'media-refused-dismiss': 'Dismiss',
} as const;
