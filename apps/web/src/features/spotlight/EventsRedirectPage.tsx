// #/events/{ids} (spec 000 §2: the drafts list opens snapshots and learning stories there): the editor.
import { Navigate, useParams } from 'react-router';
import { eventsRedirect } from './routeParams';

export function Component() {
  const { ids } = useParams();
  return <Navigate to={eventsRedirect(ids)} replace />;
}
