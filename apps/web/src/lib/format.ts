import { formatTime, SITE_TIME_ZONE_DEFAULT } from '@nursery/domain/common';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Heading date format, e.g. "Saturday 21 November 2026" (dayjs's default English names). */
export const LONG_DATE_FORMAT = 'dddd D MMMM YYYY';

export function formatLongDate(date: Date, timeZone: string = SITE_TIME_ZONE_DEFAULT): string {
  return dayjs(date).tz(timeZone).format(LONG_DATE_FORMAT);
}

/** HH:mm in the site's zone: the domain's one definition of the spec's time format. */
export function formatClockTime(date: Date, timeZone: string = SITE_TIME_ZONE_DEFAULT): string {
  return formatTime(date, timeZone);
}
