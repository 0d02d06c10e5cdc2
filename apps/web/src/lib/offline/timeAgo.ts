import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

/**
 * "5 minutes ago", "an hour ago", "2 days ago" (dayjs relativeTime, English). A time in the future
 * (a frozen test clock, a device clock behind the server) reads as "a few seconds ago".
 */
export function timeAgo(at: number | Date, now: number | Date): string {
  const then = Math.min(dayjs(at).valueOf(), dayjs(now).valueOf());
  return dayjs(then).from(dayjs(now));
}
