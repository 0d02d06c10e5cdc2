// #/events/{ids} and #/events/new/{kind}: the events drawer over the timeline.
// Stand-in until the timeline's drawer (part-timeline-web) lands: a single medication event opens in
// its record (features/medication); every other event goes to its editor as before.
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../auth';
import { eventDetailQuery } from '../events';
import { MedicationRecord } from '../medication';
import { eventsRedirect } from '../spotlight';

export function Component() {
  const { t } = useTranslation();
  const { ids, kind } = useParams();
  const navigate = useNavigate();
  const { config } = useSession();
  const single = ids !== undefined && /^\d+$/.test(ids) ? Number(ids) : null;
  const detail = useQuery({ ...eventDetailQuery(single ?? 0), enabled: single !== null && !kind });
  if (kind === 'medication') return <MedicationRecord eventID={null} onClose={() => navigate('/events')} />;
  // Offline (a paused read) or a failed one: the event goes to its editor as before.
  if (single !== null && detail.isPending && detail.fetchStatus === 'fetching')
    return <Loader aria-label={t('medication-loading')} />;
  const tag = config.eventTypes.find((t) => t.id === detail.data?.typeID)?.tag;
  if (single !== null && tag === 'medication')
    return <MedicationRecord eventID={single} onClose={() => navigate('/events')} />;
  return <Navigate to={eventsRedirect(ids)} replace />;
}
