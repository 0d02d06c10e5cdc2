/**
 * en-GB strings of the offline shell (issue 6): the update notice, the data-fetched notice and the
 * device page. The spec's own texts ('data-fetched', 'version-newer-available', 'version-outdated',
 * 'currently-working-offline') live in the domain's MESSAGES_EN_GB and are used from there.
 */
export const offlineStrings = {
  // Newer-version notice when the new build is on the device but its version number is not known.
  'version-update-ready': 'A newer version of the app is available. Please refresh to update.',
  'version-reload-busy-title': 'Reload now?',
  'version-reload-busy':
    'Something is still in progress on this device (an unsaved form or a sync). Reloading now may lose unsaved changes.',
  'version-reload-busy-confirm': 'Reload anyway',
  'version-reload-busy-cancel': 'Not now',

  // Offline from the first minute (issue 13)
  'offline-not-on-device':
    'Not on this device yet, so it cannot open offline. Open it once while online and it will work offline too.',
  'offline-prepare': 'Ready for offline use',
  'offline-prepare-running': 'Preparing this device for offline use: {{done}} of {{total}}',
  'offline-prepare-ready': 'Ready to work offline (prepared {{time}})',
  'offline-prepare-partial':
    'Partly ready to work offline (prepared {{time}}): {{count}} items could not be fetched',
  'offline-prepare-last-complete': 'Everything was last prepared {{time}}.',
  'offline-prepare-none': 'Not prepared yet: log in while online to prepare this device',
  'offline-prepare-contents': '{{children}} children, {{photos}} photos, {{events}} events to edit',
  'offline-prepare-again': 'Prepare again',
  'offline-prepare-again-offline': 'Go online to prepare this device again.',

  // Offline from the first second (issue 27): the shell's readiness banner and a screen not on the device
  'offline-first-second-preparing': 'Getting this device ready to work offline… {{percent}} %',
  'offline-first-second-ready': 'Ready to work offline',
  'offline-screen-missing-title': 'This screen is not on this device yet',
  'offline-screen-missing':
    'This device went offline before it had this screen, so it cannot open it now. Try again when the device is back online.',
  'offline-screen-retry': 'Try again',
  'offline-screen-still-offline': 'Still offline. The screen opens by itself when the connection is back.',

  // Device page (#/settings/device)
  'device-menu': 'This device',
  'device-title': 'This device',
  'device-intro': 'What this tablet keeps so the app works when the Wi-Fi drops.',
  'device-app-version': 'App version',
  'device-storage': 'Storage',
  'device-storage-persistent': 'Persistent (the browser will not clear it to save space)',
  'device-storage-best-effort': 'Best effort (the browser may clear it when space runs low)',
  'device-storage-unknown': 'Not reported by this browser',
  'device-storage-used': 'Used',
  'device-storage-quota': 'Available to the app',
  'device-storage-mb': '{{value}} MB',
  'device-sw': 'Offline app',
  'device-sw-unsupported': 'Not supported by this browser',
  'device-sw-none': 'Not installed yet',
  'device-sw-installing': 'Installing',
  'device-sw-waiting': 'Installed; a newer version is waiting',
  'device-sw-active': 'Ready to work offline',
  'device-sw-error': 'Could not be installed',
  'device-cache': 'Cached data',
  'device-cache-saved': 'Saved {{time}}',
  'device-cache-none': 'No cached data on this device',
  'device-cache-clear': "Clear this device's cached data",
  'device-cache-clear-title': "Clear this device's cached data?",
  'device-cache-clear-body':
    'The screens will load their data again from the server, so they are not available offline until then. Changes waiting to be uploaded are kept.',
  'device-cache-clear-confirm': 'Clear cached data',
  'device-cache-clear-cancel': 'Cancel',
  'device-cache-cleared': "This device's cached data was cleared.",
  'device-cache-clear-failed': 'The cached data could not be cleared.',
} as const;
