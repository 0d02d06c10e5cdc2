// Home's requests widget (spec 002 §2 Home, §4 Requests, §8): booking, change and GDPR erasure
// requests, each section shown with its permission (markOff; editChildContacts or editStaff;
// approveGDPR). The decisions need the server, so offline the widget says so instead of a list.
import { useTranslation } from 'react-i18next';
import { OfflineIcon } from '../../../../components/icons';
import { Notice } from '../../../../components/Notice';
import { useIsOffline } from '../../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../../lib/i18n';
import { useSession } from '../../../auth';
import { HomeWidget } from '../HomeWidget';
import { BookingRequests } from './BookingRequests';
import { ChangeRequests } from './ChangeRequests';
import { GdprRequests } from './GdprRequests';
import { requestsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', requestsStrings);

export default function RequestsWidget() {
  const { t } = useTranslation();
  const { can } = useSession();
  const offline = useIsOffline();
  const bookings = can('markOff');
  const changes = can('editChildContacts') || can('editStaff');
  const gdpr = can('approveGDPR');
  if (!bookings && !changes && !gdpr) return null;
  return (
    <HomeWidget title={t('widget-requests-title')} qa="home-requests">
      {offline ? (
        <Notice color="gray" icon={<OfflineIcon />} qa="requests-offline">
          {t('widget-requires-network')}
        </Notice>
      ) : (
        <>
          {bookings && <BookingRequests />}
          {changes && <ChangeRequests />}
          {gdpr && <GdprRequests />}
        </>
      )}
    </HomeWidget>
  );
}
