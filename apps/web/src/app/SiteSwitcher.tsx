import { Box, Button, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { BuildingIcon, CheckIcon, ChevronDownIcon } from '../components/icons';
import { useSession, useSwitchSite } from '../features/auth';

/** The current site, always visible in the header; a menu to switch when the user has several. */
export function SiteSwitcher() {
  const { t } = useTranslation();
  const { site, sites } = useSession();
  const switchSite = useSwitchSite();

  if (sites.length < 2) {
    return (
      <Group gap={6} wrap="nowrap" miw={0} data-qa="current-site">
        <BuildingIcon size={18} />
        <VisuallyHidden>{t('current-site')}: </VisuallyHidden>
        <Text fw={600} truncate="end" data-qa="current-site-name">
          {site.name}
        </Text>
      </Group>
    );
  }

  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={260} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          c="var(--mantine-color-text)"
          leftSection={
            <Box visibleFrom="xs" display="flex">
              <BuildingIcon size={18} />
            </Box>
          }
          rightSection={<ChevronDownIcon size={16} />}
          loading={switchSite.isPending}
          aria-label={`${t('switch-site')} (${t('current-site')}: ${site.name})`}
          data-qa="site-switcher"
          miw={0}
          px="xs"
          styles={{ label: { overflow: 'hidden' } }}
        >
          <Text
            component="span"
            fw={600}
            fz={{ base: 'sm', xs: 'md' }}
            truncate="end"
            data-qa="current-site-name"
          >
            {site.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-qa="site-switcher-menu">
        <Menu.Label>{t('switch-site')}</Menu.Label>
        {sites.map((option) => {
          const isCurrent = option.id === site.id;
          return (
            <Menu.Item
              key={option.id}
              leftSection={isCurrent ? <CheckIcon size={16} /> : <span style={{ width: 16 }} />}
              aria-current={isCurrent ? 'true' : undefined}
              fz="md"
              py="sm"
              fw={isCurrent ? 700 : 400}
              onClick={() => {
                if (isCurrent) return;
                switchSite.mutate(option.id, {
                  onError: () => notifications.show({ color: 'red', message: t('site-switch-failed') }),
                });
              }}
              data-qa={`site-switch-${option.id}`}
            >
              {option.name}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
