import { Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionContext';
import { ConnectivityNotice } from './ConnectivityNotice';
import { DateTimeHeading } from './DateTimeHeading';
import { DueInLink } from './DueInLink';
import classes from './HomePage.module.css';
import { PinPrompt } from './PinPrompt';
import { VersionNotice } from './VersionNotice';

/**
 * Home (#/, spec 002 §2): the date and time heading, the 'due in' link and the alerts. The widgets
 * (agenda, requests, today's bookings, key children) arrive with their areas.
 */
export function Component() {
  const { t } = useTranslation();
  const { site, me } = useSession();
  useDocumentTitle(`${t('home-title')} – ${t('app-name')}`);
  const askForPin = me.staffID !== null && !me.hasPin && !me.pinDeclined;

  return (
    <Stack gap="lg" maw={1100} data-qa="home-page">
      <div>
        <DateTimeHeading timeZone={site.timeZone} />
        <Text c="dimmed" fw={600} mt={4} data-qa="home-site-name">
          {site.name}
        </Text>
      </div>
      <Stack
        gap="sm"
        component="section"
        aria-label={t('home-alerts')}
        className={classes.alerts}
        data-qa="home-alerts"
      >
        <ConnectivityNotice />
        <VersionNotice />
        {askForPin && me.staffID !== null && <PinPrompt staffID={me.staffID} />}
      </Stack>
      <DueInLink />
    </Stack>
  );
}
