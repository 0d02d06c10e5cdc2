// #/events: the timeline; the drawer (#/events/{ids}, #/events/new/{kind}) renders in its Outlet.
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { timelineStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', timelineStrings);

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('timeline-title')}</Title>
      <Outlet />
    </>
  );
}
