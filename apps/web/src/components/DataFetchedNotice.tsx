import { formatDate, formatTime } from '@nursery/domain/common';
import { useTranslation } from 'react-i18next';
import { timeAgo } from '../lib/offline/timeAgo';
import { useNow } from '../lib/useNow';
import { InfoIcon } from './icons';
import { Notice } from './Notice';

/**
 * Spec 002 §8 'This data was fetched: {time ago}': shown beside cached data while offline (Home; other
 * screens import it too). `updatedAt` is the query's dataUpdatedAt (milliseconds); 0 or null shows
 * nothing. The time ago moves every minute; the exact time is in the tooltip.
 */
export function DataFetchedNotice({ updatedAt }: { updatedAt: number | null | undefined }) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  if (!updatedAt) return null;
  return (
    <Notice
      color="gray"
      icon={<InfoIcon />}
      qa="data-fetched"
      data-updated-at={new Date(updatedAt).toISOString()}
    >
      <span title={`${formatDate(new Date(updatedAt))} ${formatTime(new Date(updatedAt))}`}>
        {t('data-fetched', { time: timeAgo(updatedAt, now) })}
      </span>
    </Notice>
  );
}
