// A thread's pages as TanStack Query keeps them (an infinite query: oldest messages first, each page
// after the one before it), and what the page reads from them.
import type { ConversationMessage, ThreadAnswer } from '@nursery/domain/home';

export interface ThreadPages {
  pages: ThreadAnswer[];
  pageParams: unknown[];
}

/** The cache of a thread whose first page is this answer (the start screen's answer, kept). */
export const firstPageData = (answer: ThreadAnswer): ThreadPages => ({
  pages: [answer],
  pageParams: [undefined],
});

/** Every loaded message, oldest first (pages never overlap: each starts after the last one's end). */
export const loadedMessages = (data: ThreadPages): ConversationMessage[] =>
  data.pages.flatMap((p) => p.messages);

/**
 * The message to mark read when the page is shown: the one the route names when it is loaded,
 * else the last loaded; null when that would not move the user's mark forward.
 */
export function readTarget(
  messages: readonly { id: number }[],
  routeMessageID: number | null,
  lastReadMessageID: number | null,
): number | null {
  const named = routeMessageID === null ? undefined : messages.find((m) => m.id === routeMessageID);
  const target = named?.id ?? messages.at(-1)?.id ?? null;
  if (target === null || (lastReadMessageID !== null && target <= lastReadMessageID)) return null;
  return target;
}
