import { Avatar, Box, Button, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BuildingIcon, ChevronDownIcon } from '../components/icons';
import { useSession } from '../features/auth';
import classes from './AppLayout.module.css';

type ButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style'>;

/**
 * The header's two menu buttons, without the menus: the menus' code (Menu, Popover, positioning) loads
 * after the first screen (app/HeaderMenuSlots.tsx), and these look the same before and after it.
 */
export const UserMenuButton = forwardRef<HTMLButtonElement, ButtonProps>(function UserMenuButton(props, ref) {
  const { t } = useTranslation();
  const { me } = useSession();
  const fullName = `${me.forename} ${me.surname}`.trim();
  const initials = `${me.forename.charAt(0)}${me.surname.charAt(0)}`.toUpperCase();
  return (
    <UnstyledButton ref={ref} {...props} className={classes.userButton} data-qa="user-menu">
      {/* The name comes from this text, not an aria-label: the initials and the name shown are not in
          'Account menu for …' word for word (axe label-content-name-mismatch, issue 27). */}
      <VisuallyHidden>{t('user-menu', { name: fullName })}</VisuallyHidden>
      <Avatar color="nursery" radius="xl" size={36} variant="filled" aria-hidden>
        {initials}
      </Avatar>
      <Text component="span" fw={600} visibleFrom="sm" truncate="end" aria-hidden data-qa="user-name">
        {fullName}
      </Text>
      <Box visibleFrom="sm" display="flex">
        <ChevronDownIcon size={16} />
      </Box>
    </UnstyledButton>
  );
});

export const SiteSwitcherButton = forwardRef<HTMLButtonElement, ButtonProps & { busy?: boolean }>(
  function SiteSwitcherButton({ busy = false, ...props }, ref) {
    const { t } = useTranslation();
    const { site } = useSession();
    return (
      <Button
        ref={ref}
        {...props}
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        leftSection={
          <Box visibleFrom="xs" display="flex">
            <BuildingIcon size={18} />
          </Box>
        }
        rightSection={<ChevronDownIcon size={16} />}
        loading={busy}
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
    );
  },
);
