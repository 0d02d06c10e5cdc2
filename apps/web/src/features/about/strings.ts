/** en-GB strings of the About page (issue 30, spec 002 Links "#/about"). */
export const aboutStrings = {
  'about-title': 'About',
  'about-intro': 'The nursery app on this device.',
  'about-version': 'Version',
  'about-licences-title': 'Third-party software',
  'about-licences-intro':
    'The app is built with these open-source packages. Each is used under its licence; open one to read it.',
  'about-licences-loading': 'Loading the licences…',
  'about-licences-failed': 'The licence list is not on this device yet. Try again when online.',
  'about-licence-no-text': 'The package ships no licence file; its licence is {{license}}.',
  'about-privacy-title': 'Privacy',
  'about-privacy-body':
    'The app keeps the records of the children and staff of your nursery on your nursery’s own server. This device keeps a copy of what you need to work offline, and your settings; logging out of a shared device keeps unsent work for the same user only. Your nursery is the data controller: ask your manager how long records are kept and how to see or correct yours.',
} as const;
