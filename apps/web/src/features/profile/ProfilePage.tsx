// #/profile (spec 002 §2 "Profile accordion"): the signed-in user's name and e-mail, then one accordion
// item per section (sections.tsx). Several may be open at once; `?section=<id>` opens that one. A closed
// section stays mounted, so what was typed in it is still there when it opens again.
import { Accordion, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { ProfilePhoto } from './ProfilePhoto';
import { PROFILE_SECTIONS } from './sections';
import { profileStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', profileStrings);

export function Component() {
  const { t } = useTranslation();
  const { me } = useSession();
  useDocumentTitle(`${t('profile-title')} – ${t('app-name')}`);
  const [params] = useSearchParams();
  const requested = params.get('section');
  const known = requested !== null && PROFILE_SECTIONS.some((s) => s.id === requested);
  const [open, setOpen] = useState<string[]>(() => (known ? [requested] : []));
  // A link to another section while the profile is open (e.g. the PIN prompt's) opens that one too.
  useEffect(() => {
    if (known) setOpen((current) => (current.includes(requested) ? current : [...current, requested]));
  }, [known, requested]);

  return (
    <Stack gap="md" maw={900} data-qa="profile-page">
      <div>
        <Title order={1} fz="h2">
          {t('profile-title')}
        </Title>
        <Text fw={600} data-qa="profile-name">
          {`${me.forename} ${me.surname}`.trim()}
        </Text>
        <Text c="dimmed" data-qa="profile-email">
          {me.email}
        </Text>
        <Text c="dimmed">{t('profile-intro')}</Text>
      </div>
      <ProfilePhoto />
      <Accordion multiple value={open} onChange={setOpen} variant="separated" chevronPosition="right">
        {PROFILE_SECTIONS.map(({ id, titleKey, Component: Section }) => (
          <Accordion.Item key={id} value={id} data-qa={`profile-${id}`}>
            <Accordion.Control mih={44} data-qa={`profile-${id}-toggle`}>
              {t(titleKey)}
            </Accordion.Control>
            <Accordion.Panel>
              <Section />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
