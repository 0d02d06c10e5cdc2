/** @nursery/domain/home: Home: its overview, requests and approvals, notifications, conversations. */
export * from '../conversations.ts';
export * from '../home.ts';
export * from '../requests.ts';
export * from '../schemas/conversations.ts';
export * from '../schemas/home.ts';
export * from '../schemas/notifications.ts';
export * from '../schemas/requests.ts';
