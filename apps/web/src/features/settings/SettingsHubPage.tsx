// #/settings (spec 002 "Other screens", §6; issue 29): the hub. The categories and their cards come
// from the domain (settingsHub) and the session's permissions; the Device card is always there, and a
// category without a card for this user is hidden. Works offline: it is built from the config.
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { visibleHub } from './cards';
import { SettingsCards } from './SettingsCards';
import classes from './SettingsCards.module.css';
import { settingsStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', settingsStrings);

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('settings-title')} – ${t('app-name')}`);
  const { config } = useSession();
  const categories = visibleHub(config.permissions);
  return (
    <Stack gap="xl" maw={1200} data-qa="settings-page">
      <div>
        <Title order={1} fz="h2">
          {t('settings-title')}
        </Title>
        <Text c="dimmed">{t('settings-intro')}</Text>
      </div>
      {categories.map((category) => {
        const label = t(`settings-category-${category.id}`);
        return (
          <section
            key={category.id}
            aria-labelledby={`settings-${category.id}`}
            data-qa="settings-category"
            data-category={category.id}
          >
            <div className={classes.categoryHead}>
              <Title order={2} fz="h3" id={`settings-${category.id}`}>
                {label}
              </Title>
              <Link
                to={`/settings/categories/${category.id}`}
                className={classes.headLink}
                aria-label={t('settings-open-category', { category: label })}
              >
                {t('settings-open-category', { category: label })}
              </Link>
            </div>
            <SettingsCards cards={category.tabs.flatMap((tab) => tab.cards)} />
          </section>
        );
      })}
    </Stack>
  );
}
