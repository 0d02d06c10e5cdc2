/** en-GB strings of conversations (#/conversations/new and #/conversations/{threadID}/{id}; issue 31). */
export const conversationsStrings = {
  'conversation-new-title': 'Start a conversation',
  'conversation-new-invalid': 'This link does not name a child and an event.',
  'conversation-new-not-allowed':
    'A conversation can only start from a published event of a child, by someone who may send messages.',
  'conversation-about': 'About',
  'conversation-child-unknown': 'Child #{{id}}',
  'conversation-message': 'Message',
  'conversation-message-count': '{{count}} of {{limit}} characters',
  'conversation-send': 'Send',
  'conversation-send-failed': 'The message was not sent: {{message}} It is kept here; please try again.',
  'conversation-offline-send':
    'You are offline. Sending needs a connection: your message is kept on this device until you send it.',
  'conversation-offline-load':
    'You are offline. This conversation needs a connection; please go online and try again.',
  'conversation-loading': 'Loading…',
  'conversation-load-failed': 'Unable to load this conversation.',
  'conversation-not-found': 'This conversation was not found, or is about a child you may not see.',
  'conversation-messages': 'Messages',
  'conversation-no-messages': 'No messages yet.',
  'conversation-more': 'Show more',
  'conversation-reply': 'Reply',
  'conversation-reply-not-allowed': 'You may read this conversation but not reply to it.',
  'conversation-author-parent': 'Parent',
  'conversation-author-staff': 'Staff',
  'conversation-you': 'You',
  'conversation-new-message': 'New',
  'conversation-started-by': 'Started by {{name}} on {{date}}',
  'conversation-open-event': 'Open the event',
} as const;
