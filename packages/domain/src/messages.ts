/**
 * en-GB text of the message keys the app uses, keyed like the specs. Values are plain strings with
 * i18next-style `{{name}}` placeholders. Where a spec gives the wording it is copied literally;
 * where it only names a key (or says the text is not shown) the wording is ours.
 */
export const MESSAGES_EN_GB = {
  // --- Account, log-in and access -----------------------------------------------------------
  'err-invalid-login': 'The e-mail address or password is incorrect.',
  'err-no-staff-access':
    'This account does not have staff access. Parents and carers should use the parent app.',
  'err-no-site': 'The user must have at least one site',
  'err-too-many-attempts': 'Too many failed log-in attempts. Please wait 15 minutes and try again.',
  'err-not-logged-in': 'You are not logged in. Please log in and try again.',
  'err-session-expired': 'Your session has expired. Please log in again.',
  'err-no-access': 'You do not have access to this page.',
  'err-unknown': 'Something went wrong. Please try again.',
  // Issue 32: the database is restarting or out of reach (503 with Retry-After; the app asks again).
  'err-unavailable': 'The server cannot reach its database just now. Please try again in a moment.',
  'err-invalid-token': 'Invalid token provided',
  'err-invalid-request': 'The request was not valid. Please check the details and try again.',
  'err-csrf': 'Your session could not be verified. Please reload the page and try again.',

  // --- Conversations (issue 31) -------------------------------------------------------------
  'err-event-not-published': 'A conversation can only start from a published event.',

  // --- Form validation ---------------------------------------------------------------------
  'this-field-is-required': 'This field is required.',
  'this-field-has-max-length-of': 'This field has a maximum length of {{limit}} characters.',
  'error-this-field-is-required': 'Error: This field is required.',

  // --- Password, security question, PIN ----------------------------------------------------
  'new-password-is-invalid':
    'The new password must be at least 7 characters long and hard to guess: not a common password, your own name or e-mail, or a simple pattern.',
  'new-password-does-not-match-confirmation': 'The new password does not match the confirmation.',
  'old-password-is-the-same-as-new-password': 'The new password must be different from the old password.',
  'passwords-do-not-match': 'Passwords do not match',
  'err-current-password-incorrect': 'The current password is incorrect.',
  'err-invalid-security-answer': 'Please enter an answer to the security question.',
  'err-no-security-question':
    'There is no security question set for this account. Please contact your nursery manager to reset your password.',
  'err-secret-answer-wrong': 'The answer to the security question is incorrect.',
  'security-question-required':
    'Please set a security question so that you can reset your password if you forget it.',
  'pin-incorrect': 'The current PIN is incorrect.',
  'confirmation-pin-not-the-same': 'The confirmation PIN is not the same as the new PIN.',
  'pin-must-be-4-digits': 'The PIN must be 4 digits.',
  'set-pin-prompt': 'Set a 4-digit PIN to unlock the app quickly on this device.',
  'err-session-locked': 'The app is locked. Enter your PIN to continue.',
  'err-pin-attempts-exceeded': 'Too many wrong PINs. Please log in with your password.',

  // --- Profile -----------------------------------------------------------------------------
  'change-submitted-awaiting-approval':
    'Your change has been submitted and is awaiting approval by a manager.',
  'password-changed': 'Your password has been changed.',
  'pin-changed': 'Your PIN has been changed.',
  'security-question-changed': 'Your security question has been changed.',
  'accessibility-saved': 'Your accessibility settings have been saved.',
  'accessibility-saved-offline':
    'Your accessibility settings have been saved on this device and will be uploaded when you are back online.',
  'session-timeout-saved': 'Saved',
  'profile-photo-offline': 'You must be online to upload a profile photo.',

  // --- Offline, home and widgets -----------------------------------------------------------
  'currently-working-offline': 'You are currently working offline.',
  'currently-online': 'You are online.',
  'data-correct-as-of': 'Data correct as of {{time}}.',
  'home-offline-no-cache-data':
    'You are offline and there is no saved data to show. Please go online and try again.',
  'home-offline-cache-data':
    'You are offline. The information below was saved when you were last online and may be out of date.',
  'widget-agenda-offline-link': 'You are offline. The agenda may be out of date.',
  'create-reminder-offline': 'You cannot create reminders while offline. Please go online and try again.',
  'edit-reminder-offline': "You can't edit reminders when in offline mode, please go online and try again",
  'widget-key-children-offline':
    'You are offline. Your key children are shown as they were when last fetched today.',
  'widget-requires-network': 'You are offline. This widget requires network access.',
  'request-not-found': 'Request not found',
  'cannot-approve-own-request': 'You cannot approve your own request.',
  'widget-requests-must-select-off-category': 'You must select a mark off category to approve the request.',
  'third-party-managed-details':
    'You cannot make changes to these details due to an integration with a third party system. Please decline this request and make the change in that system.',
  'no-booking-requests':
    'No booking requests currently pending approval. New requests from parents will appear here.',
  'data-fetched': 'This data was fetched: {{time}}',
  'considerations-first-100': 'Only the first 100 considerations are shown.',
  'version-outdated':
    'This version of the app ({{running}}) is out of date. Please update to version {{latest}}.',
  'version-newer-available':
    'A newer version of the app ({{latest}}) is available. Please refresh to update.',
  today: 'Today',
  tomorrow: 'Tomorrow',
  yesterday: 'Yesterday',

  // --- Child register ----------------------------------------------------------------------
  'registers-feature-disabled-at-site': 'Registers are disabled for this site. Please select another site.',
  'registers-error-fetching-online': 'Unable to fetch the register for {{site}}. Please try again.',
  'registers-error-fetching-offline':
    'The register for {{site}} is unavailable offline because it has not been loaded before. Please go online and try again.',
  'registers-future-date-offline': 'Future registers cannot be viewed or changed while offline.',
  unsynced: 'Unsynced',
  'some-errors-marking-off': 'There were some errors marking off. Please check the register and try again.',
  'register-unsigned-accidents':
    'This child has accidents that have not been signed by a parent. Accident signatures will be captured first.',
  'error-submitting-register-changes': 'Error submitting register changes',
  'no-children-to-display': 'No children to display!',
  'select-at-least-one-child-register': 'You must select at least one child',
  'cannot-check-out-before-check-in':
    'Cannot check out {{forename}} {{surname}}: the check out time is before the check in time',
  'cannot-check-in-session-ended':
    "Cannot check in {{forename}} {{surname}}: the session's end time has already passed",
  'children-cannot-be-checked': 'The following children cannot be checked in/checked out:',
  'child-has-no-contacts':
    'This child has no contacts. You must associate a contact with the child before capturing a signature.',
  'checked-in': 'Checked in.',
  'checked-out': 'Checked out.',
  'marked-off': 'Marked off.',
  'request-sent': 'Request sent.',
  'error-sending-request': 'Error sending request.',
  'request-needs-manager-approval':
    'This request must be approved by a manager before the child will be marked off.',
  'confirm-attendance-request': 'Confirm drop off/pick up at {{time}}',
  'conflicts-remain': '{{count}} conflicts remain',
  'final-conflict': 'This is the final conflict',
  'err-register-not-available':
    'The register is not available offline because it has not been loaded before.',
  'no-children-to-show': 'There are no children to show.',
  'no-known-contacts': 'No known contacts',
  'emergency-data-stale': 'This data was fetched more than 8 hours ago and may be out of date.',

  // --- Staff register ----------------------------------------------------------------------
  'staff-registers-disabled': 'The staff registers feature is not enabled for this site.',
  'staff-register-offline': 'Unable to get registers whilst offline.',
  'staff-register-refresh-offline': 'Unable to refresh register whilst offline.',
  'shift-not-found': 'Shift not found: {{id}}',
  'nothing-to-refresh': 'Nothing to refresh',
  'staff-register-cached': 'You are working offline. The register shown below was retrieved: {{time}}.',
  'no-staff-at-site': 'There are no staff at this site.',
  'no-staff-assigned-today': 'There are no staff assigned today at this site.',
  'not-assigned-to-site-today': 'You are not assigned to this site today.',
  'must-select-mark-off-category': 'You must select a mark off category',
  'must-select-one-staff-member': 'Must select one staff member.',
  'end-time-must-be-after-start-time': 'End time must be after start time.',
  'break-minutes-out-of-range': 'Additional minutes must be a whole number from 0 to 1440.',
  'conflict-detected':
    'Someone else changed this shift while you were editing it. Choose which changes to keep.',
  'shift-conflict-actual-from': 'The check-in time is different.',
  'shift-conflict-actual-to': 'The check-out time is different.',
  'shift-conflict-breaks': 'The breaks are different.',
  'shift-conflict-additional-mins': 'The additional break minutes are different.',
  'shift-conflict-status': 'The shift status (working or marked off) is different.',
  'shift-conflict-notes': 'The mark-off notes are different.',
  'shift-conflict-room': 'The room is different.',
  'shift-conflict-planned-times': 'The planned shift times are different.',
  'err-shift-changed': 'This shift was changed by someone else.',
  'err-shift-not-eligible': 'This shift cannot be changed in this way now.',
  'err-time-in-future': 'The time cannot be later than now.',

  // --- Signatures and media ----------------------------------------------------------------
  'signature-offline': 'Unable to load the signature. You must be online to view signatures.',
  'signature-display-error': 'Unable to display this signature.',
  'error-uploading-media': 'Error uploading media: {{message}}',
  'media-type-cannot-be-uploaded': 'This type of media cannot be uploaded',
  'unsupported-media-type': 'Unsupported media type.',
  'invalid-response': 'The server sent an invalid response.',
  'err-uploading-media': 'There was a problem uploading the media.',
  'err-saving-files': 'The files could not be saved on this device.',
  'err-permission-add-media': "You don't have permissions to attach media to a {{type}}",
  'err-media-not-found': 'Some photos or videos of this event were not found on the server.',
  'err-storage-full':
    'The server has no room to store this file, so nothing was saved. Please try again later, and tell your manager if it happens again.',
  'err-database-full':
    'The server has no room to save this, so nothing was saved. Please try again later, and tell your manager if it happens again.',
  'err-storage-unavailable':
    'The server could not store this file just now, so nothing was saved. Please try again in a few minutes.',

  // --- CRM integration ---------------------------------------------------------------------
  'err-readonly': "The 'Integrate HubSpot' permission is disabled",
  'err-permission-required': "The 'Integrate HubSpot' permission is disabled",
  'err-feature-disabled': 'HubSpot integration is not enabled for this account',
  'err-already-registered': 'This account is already registered with HubSpot ID: {{id}}',
  'crm-integration-failed': 'Integration failed, try again or contact support',
  'crm-integration-success': 'Hubspot is successfully integrated',

  // --- Sync --------------------------------------------------------------------------------
  'sync-error': 'There was an error uploading this item.',
  'sync-error-long':
    'There was an error uploading this item. Please try again, or contact support if the problem continues.',
  'sync-invalid-response': 'The server sent an invalid response while uploading.',
  'sync-no-media': 'The media for this item could not be found on this device.',
  'sync-missing-media': 'Some media for this item is missing. You can upload it without the media.',
  'sync-offline': 'You must be online to synchronise.',
  'sync-conflict': 'This item conflicts with changes made by someone else.',
  'sync-finished-some': 'Some items could not be uploaded. Please retry.',

  // --- Events: saving and statuses (spec 000 §4) -------------------------------------------
  'saved-to-drafts': 'Saved to drafts.',
  'saved-to-drafts-offline': 'Saved to drafts on this device. It will be uploaded when you are back online.',
  'sent-to-nursery': 'Sent to the nursery.',
  'sent-to-nursery-offline': 'Saved on this device. It will be sent to the nursery when you are back online.',
  'saved-to-deleted': 'Moved to deleted.',
  'saved-to-deleted-offline':
    'Moved to deleted on this device. It will be uploaded when you are back online.',
  'saved-to-published': 'Published.',
  'saved-to-published-offline': 'Saved on this device. It will be published when you are back online.',
  'saved-to-status': 'Saved as {{status}}.',
  'saved-to-status-offline':
    'Saved as {{status}} on this device. It will be uploaded when you are back online.',
  'bulk-published': '{{count}} event(s) published',
  'bulk-deleted': '{{count}} event(s) deleted',
  'bulk-moved': '{{count}} event(s) moved to {{status}}',
  'err-saving': 'There was a problem saving: {{reason}}',
  'publish-photos-not-permitted':
    'You do not have permission to publish photos. Save to pending so that a manager can publish them.',
  'publish-videos-not-permitted':
    'You do not have permission to publish videos. Save to pending so that a manager can publish them.',
  'restricted-consideration-publish':
    'You cannot save this event to archived/published because there is an Intervention or Staff Support consideration attached. Instead, you can save to pending so that the consideration can be looked at first.',

  // --- Events: validation (spec 000 §5) ----------------------------------------------------
  'select-valid-date': 'Please select a valid date: {{reason}}',
  'provide-valid-date': 'Please provide a valid date.',
  'time-required': 'Please enter a time.',
  'select-event-type': 'Please select an event type.',
  'no-event-codes': 'There are no event codes available for this event type.',
  'select-event-code': 'Please select an event code.',
  'select-at-least-one-child': 'Please select at least one child.',
  'select-single-child-assessment': 'Please select a single child for an assessment.',
  'event-no-content':
    'This event is empty. Please add notes, a photo or video, a grading or the details of the event before saving.',
  'grading-needs-age-range': 'Please choose an age range for each grading.',
  'grading-needs-value': 'Please choose a grade for each age range.',
  'grading-not-allowed': 'This item cannot be graded with this event type.',
  'too-many-gradings':
    'Too many gradings have been attached to this event. The maximum allowed is {{max}} (you have added {{count}}).',
  'err-twoyear-offline': 'Two year checks cannot be saved while offline.',
  'selected-child-invalid-twoyear': 'The selected child is not in the allowed age range for two year checks',
  'twoyear-in-progress': 'This child already has a two year check in progress.',
  'twoyear-finished': 'This child already has a finished two year check.',
  'delete-next-step': 'Delete this next step?',
  'meal-outside-window': 'This meal is being recorded outside its usual time.',
  'unable-to-fetch-meal-types': 'Unable to fetch meal types',

  // --- Next steps and drafts ---------------------------------------------------------------
  'next-steps-failed-to-load': 'Some next steps failed to load.',
  'select-child-for-next-steps': 'Select a child to view next steps.',
  'no-next-steps-area': 'There are no outstanding next steps for this area of learning',
  'no-next-steps-observation': 'There are no outstanding next steps matching this observation',
  'no-next-steps-children': 'There are no outstanding next steps for the selected children',
  'add-gradings-for-next-steps': 'Add some gradings to see relevant next steps here.',
  'no-events-to-display': 'No events to display.',
  'add-an-event': 'Add an event',
  'drafts-offline': 'You are offline, please go online to see all draft events.',
  'drafts-unsynced': 'You have events saved on this device that have not been uploaded yet.',
  'drafts-others-unsynced': 'Other staff have observations that have not been uploaded yet.',
  'unable-to-load-more-events': 'Unable to load more events: {{message}}',
  'show-more': 'Show More',
  retry: 'Retry',
  'no-gradings-attached': 'No gradings attached',
  'no-framework-indicators-attached': 'No framework indicators attached',
  'no-framework-indicators-or-checkpoints-attached': 'No framework indicators or checkpoints attached',
  'no-published-observations-for-area': 'No published observations were found for this area.',

  // --- Spotlight (spec 001 §8) -------------------------------------------------------------
  'learning-story-single-child': 'You must select a single child when adding a learning story.',
  'intervention-visible-in-parentzone':
    'The intervention will be visible in ParentZone once the {{type}} is published',
  'spotlight-saved-as': '{{type}} successfully saved as {{status}}.',
  'changes-saved-successfully': 'Changes saved successfully.',
  'big-picture-begin': 'Select some children or filter options and click Filter to begin.',
  'event-checker-select-staff-member':
    'Select a staff member to see their key children and latest spotlights.',
  'staff-no-key-children': 'This staff member has no key children.',
  'select-some-staff-to-begin': 'Select some staff to begin.',
  'click-filter-event-checker': 'Click Filter to view the event checker.',
  'select-staff-event-checker': 'Select some staff to view the event checker.',
  'no-statements': 'No statements to show for this item and age range',
  'no-child-attributes': 'There are no child attributes to filter by.',
  'loading-attributes': 'Loading attributes…',
  'key-person-warnings': 'This key person has {{count}} child/children with warnings.',
  'downloading-report': 'Downloading report…',
  'downloaded-report': 'Downloaded big picture report as "{{file}}".',
  'error-downloading-report': 'Error downloading report',
  'confirm-close-report':
    'Are you sure you would like to close this report? All changes made will be deleted.',
  'previous-spotlights-select-child': 'Please select a child to view previous Spotlight Events',
  'previous-spotlights-many-children': 'Cannot display previous Spotlight Events for more than one child',
  'failed-considerations-for-child': 'Failed to get considerations for child',
  'no-considerations-for-child': 'No considerations found for child',
  'failed-to-fetch-event': 'Failed to fetch event: {{message}}',
  'failed-events-for-child': 'Failed to get events for child',
  'no-events-found': 'No events found',
  'failed-event-for-child': 'Failed to get event for child',
  'spotlight-invalid': 'Please check the highlighted fields before saving.',

  // --- Medication (spec 002 §5) ------------------------------------------------------------
  'future-dates-not-allowed': 'Future dates are not allowed.',
  'date-after-2001': 'Please enter a date after 1 Jan 2001.',
  'enter-valid-date': 'Please enter a valid date.',
  'enter-valid-time': 'Please enter a valid time.',
  'medication-expired': 'Error: This medication has expired',
  'must-select-child': 'You must select a child!',
  'must-select-staff': 'You must select a staff member!',
  'must-select-witness': 'You must select a witness!',
  'staff-signature-required': 'Staff signature must be added!',
  'witness-signature-required': 'Witness signature must be added!',
  'leave-without-saving': 'Are you sure you want to leave without saving?',
  'medication-dose-within-interval':
    '{{name}} was last given at {{time}} on {{date}}, less than its frequency ({{frequency}}) ago. Record this dose anyway?',
  'err-medication-published': 'A published medication record cannot be changed.',

  // --- Reminders and bookings --------------------------------------------------------------
  'select-child-or-staff': 'You must select at least one child or staff member.',
  'reminder-date-before-today': 'The date must be today or later.',
  'reminder-notes-too-long': 'Notes can be at most {{limit}} characters.',
  'no-reminder-code':
    'Reminders are not set up: an enabled task event type with an enabled Reminder code is needed.',
  'select-child-for-bookings': 'You need to select a child before you can view bookings.',
  'coming-soon': 'Coming soon',
} as const;

export type MessageKey = keyof typeof MESSAGES_EN_GB;
export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES_EN_GB, key);
}

/** Fill `{{name}}` placeholders; unknown placeholders are left as they are. */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The en-GB text of a key with its placeholders filled. */
export function formatMessage(key: MessageKey, params?: MessageParams): string {
  return interpolate(MESSAGES_EN_GB[key], params);
}
