// #/settings/categories/{id} (spec 002: tabs 'settings' and 'user-management'): one category's cards by
// tab; a tab without cards for this user is not offered, an unknown or empty category says so.
import { Anchor, Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { isSettingsCategoryId } from '@nursery/domain/settings';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Notice } from '../../components/Notice';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { visibleHub } from './cards';
import { SettingsCards } from './SettingsCards';
import { settingsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', settingsStrings);

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { config } = useSession();
  const category = isSettingsCategoryId(id)
    ? visibleHub(config.permissions).find((c) => c.id === id)
    : undefined;
  const title = category ? t(`settings-category-${category.id}`) : t('settings-title');
  useDocumentTitle(`${title} – ${t('app-name')}`);
  return (
    <Stack gap="md" maw={1200} data-qa="settings-category-page">
      <Anchor
        component={Link}
        to="/settings"
        style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}
      >
        {t('settings-back-to-hub')}
      </Anchor>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {!category ? (
        <Notice color="gray" qa="settings-category-not-found">
          {t('settings-category-not-found')}
        </Notice>
      ) : (
        <Tabs defaultValue={category.tabs[0]!.tab} keepMounted={false}>
          <Tabs.List>
            {category.tabs.map(({ tab }) => (
              <Tabs.Tab key={tab} value={tab} mih={44} data-qa={`settings-tab-${tab}`}>
                {t(`settings-tab-${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {category.tabs.map(({ tab, cards }) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              <SettingsCards cards={cards} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
