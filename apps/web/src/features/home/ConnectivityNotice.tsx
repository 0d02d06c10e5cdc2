import { Alert } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineIcon, OnlineIcon } from '../../components/icons';
import { useIsOffline } from '../../lib/connectivity';

/** How long the "you are online" confirmation stays after the connection returns (ours). */
export const BACK_ONLINE_NOTICE_MS = 8000;

/**
 * Spec 002 §2 Home alerts: "online or offline notices". Offline shows 'currently-working-offline' for as
 * long as it lasts; coming back shows 'currently-online' briefly, then the alert goes.
 */
export function ConnectivityNotice() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const wasOffline = useRef(offline);
  const [showBackOnline, setShowBackOnline] = useState(false);

  useEffect(() => {
    if (wasOffline.current && !offline) {
      setShowBackOnline(true);
      const timer = setTimeout(() => setShowBackOnline(false), BACK_ONLINE_NOTICE_MS);
      wasOffline.current = offline;
      return () => clearTimeout(timer);
    }
    wasOffline.current = offline;
    if (offline) setShowBackOnline(false);
    return undefined;
  }, [offline]);

  if (offline) {
    return (
      <Alert color="orange" variant="light" icon={<OfflineIcon />} role="status" data-qa="offline-notice">
        {t('currently-working-offline')}
      </Alert>
    );
  }
  if (showBackOnline) {
    return (
      <Alert color="green" variant="light" icon={<OnlineIcon />} role="status" data-qa="online-notice">
        {t('currently-online')}
      </Alert>
    );
  }
  return null;
}
