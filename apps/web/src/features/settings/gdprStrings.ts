/** en-GB strings of #/gdpr (issue 29): raising a GDPR erasure request. The list's are Home's requests widget's. */
export const gdprStrings = {
  'gdpr-title': 'GDPR erasure requests',
  'gdpr-intro':
    "Raise a request to erase a child's data, or a parent's or carer's. Another manager approves it; approving erases the data for good.",
  'gdpr-no-access': 'You do not have permission to raise or approve GDPR erasure requests.',
  'gdpr-offline':
    'You are offline. Raising a request needs a connection; what you type is kept until you are back online.',
  'gdpr-raise-title': 'Raise a request',
  'gdpr-child': 'Child',
  'gdpr-child-placeholder': 'Choose a child',
  'gdpr-subject': 'Whose data',
  'gdpr-subject-child': "The child's",
  'gdpr-subject-contact': "A parent's or carer's",
  'gdpr-contact': 'Parent or carer',
  'gdpr-contact-placeholder': 'Choose a parent or carer',
  'gdpr-no-contacts': 'This child has no parents or carers recorded.',
  'gdpr-contacts-failed': "Unable to load the child's parents and carers.",
  'gdpr-reason': 'Reason (optional)',
  'gdpr-reason-count': '{{used}} / {{limit}}',
  'gdpr-raise': 'Raise request',
  'gdpr-raised': 'Erasure request raised for {{name}}. It waits for another manager to approve it.',
  'err-gdpr-request-pending': 'An erasure request for them is already waiting for approval.',
  'gdpr-error': 'There was a problem raising the request: {{message}}',
} as const;
