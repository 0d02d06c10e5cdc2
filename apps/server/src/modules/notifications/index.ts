// The notifications module's front door (issue 28): what other modules may use. Imports from another module go
// through this file only (dependency-cruiser rule modules-through-index).
export { notificationsGraphQL } from './graphql.ts';
export { conversationMessage, eventCommented, eventsPublished } from './notify.ts';
export type { MailTransport, OutgoingEmail, SenderLog } from './outbox-sender.ts';
export { sendDueEmails } from './outbox-sender.ts';
export type { Executor } from './queries.ts';
export { EMAIL_OUTBOX_CHANNEL, insertEmails, userOfPerson } from './queries.ts';
