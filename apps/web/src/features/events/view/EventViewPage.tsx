import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { EventViewDialog } from './EventViewDialog';

function parseID(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * #/view/{eventID}: the read-only event dialog on its own route. Closing goes back where the user came
 * from, or Home when the dialog was opened directly.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(`${t('view-title')} – ${t('app-name')}`);

  // 'default' is the key of the first entry the router saw: nothing of ours to go back to.
  const close = () => (location.key !== 'default' ? navigate(-1) : navigate('/'));

  return <EventViewDialog eventID={parseID(params.eventID)} onClose={close} />;
}
