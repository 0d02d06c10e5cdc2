// Conversations (issue 31; spec 000 §2 "#/conversations/new (childID, eventID, itemIDs)", spec 002
// "#/conversations/{threadID}/{id}"): lazy routes; their strings load with the screens. The links other
// features make to them are the domain's (conversationStartPath, conversationThreadPath).
import type { RouteObject } from 'react-router';

export const conversationsRoutes: RouteObject[] = [
  { path: 'conversations/new', lazy: () => import('./NewConversationPage') },
  { path: 'conversations/:threadID/:id?', lazy: () => import('./ThreadPage') },
];

export type ConversationsStrings = typeof import('./strings').conversationsStrings;
