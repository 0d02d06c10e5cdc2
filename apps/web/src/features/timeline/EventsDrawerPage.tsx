// #/events/{ids} and #/events/new/{kind}: the events drawer over the timeline.
import { Navigate, useNavigate, useParams } from 'react-router';
import { MedicationRecord } from '../medication';
import { eventsRedirect } from '../spotlight';

export function Component() {
  const { ids, kind } = useParams();
  const navigate = useNavigate();
  if (kind === 'medication') return <MedicationRecord eventID={null} onClose={() => navigate('/events')} />;
  return <Navigate to={eventsRedirect(ids)} replace />;
}
