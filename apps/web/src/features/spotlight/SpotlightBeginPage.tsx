/**
 * #/spotlight/{eventID or add}/event-checker and /big-picture (spec 001 §2): the tab strip and the
 * screen's begin message ('Select some staff to begin.', 'Select some children or filter options and
 * click Filter to begin.'). The screens' filters and reports belong to the Big Picture issue (17).
 */
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { spotlightSetupQuery } from './api';
import { SpotlightTabs, type SpotlightTabValue } from './SpotlightTabs';
import { spotlightStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', spotlightStrings);

const SCREENS = {
  'event-checker': { title: 'spotlight-event-checker-title', begin: 'select-some-staff-to-begin' },
  'big-picture': { title: 'spotlight-big-picture-title', begin: 'big-picture-begin' },
} as const;

function BeginScreen({ screen }: { screen: keyof typeof SCREENS }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const { eventID } = useParams();
  const setup = useQuery(spotlightSetupQuery(site.id));
  const { title, begin } = SCREENS[screen];
  useDocumentTitle(`${t(title)} – ${t('app-name')}`);
  return (
    <Stack gap="md" data-qa={`spotlight-${screen}`}>
      <SpotlightTabs
        eventID={eventID ?? 'add'}
        types={(setup.data?.types ?? []).map((x) => x.type)}
        value={screen as SpotlightTabValue}
        typeLocked={false}
      />
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t(title)}
      </Title>
      <Text c="dimmed" data-qa="spotlight-begin">
        {t(begin)}
      </Text>
    </Stack>
  );
}

export function EventCheckerBegin() {
  return <BeginScreen screen="event-checker" />;
}

export function BigPictureBegin() {
  return <BeginScreen screen="big-picture" />;
}
