// The profile's last section (spec 002 §2 "a help link, a feedback link and a privacy link", issue 30):
// the install's addresses from the config (the server's HELP_URL, FEEDBACK_URL, PRIVACY_URL), else the
// app's own: the About page's privacy note, feedback by e-mail to the support address when set, and no
// help link but a line saying whom to ask. A web address opens in a new tab (rel="noopener").
import { Button, Stack, Text } from '@mantine/core';
import { NO_APP_LINKS } from '@nursery/domain/account';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoIcon } from '../../../components/icons';
import { useSession } from '../../auth';

function OutLink({ href, qa, children }: { href: string; qa: string; children: ReactNode }) {
  const { t } = useTranslation();
  const web = /^https?:/i.test(href);
  return (
    <Button
      component="a"
      href={href}
      variant="light"
      mih={44}
      data-qa={qa}
      {...(web ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {children}
      {web && (
        <Text span fz="sm" ml={6} c="inherit" style={{ fontWeight: 400 }}>
          {t('help-link-new-tab')}
        </Text>
      )}
    </Button>
  );
}

export function HelpLinksSection() {
  const { t } = useTranslation();
  const links = useSession().config.links ?? NO_APP_LINKS;
  return (
    <Stack gap="sm" align="flex-start" data-qa="help-links">
      <Text>{t('help-links-intro')}</Text>
      {links.help ? (
        <OutLink href={links.help} qa="help-link-help">
          {t('help-link-help')}
        </OutLink>
      ) : (
        <Text data-qa="help-link-help-none">{t('help-link-help-none')}</Text>
      )}
      {links.feedback && (
        <OutLink href={links.feedback} qa="help-link-feedback">
          {t('help-link-feedback')}
        </OutLink>
      )}
      {links.privacy ? (
        <OutLink href={links.privacy} qa="help-link-privacy">
          {t('help-link-privacy')}
        </OutLink>
      ) : (
        <Button
          component={Link}
          to="/about?section=privacy"
          variant="light"
          mih={44}
          data-qa="help-link-privacy"
        >
          {t('help-link-privacy')}
        </Button>
      )}
      <Button
        component={Link}
        to="/about"
        variant="light"
        mih={44}
        leftSection={<InfoIcon size={18} />}
        data-qa="help-link-about"
      >
        {t('help-link-about')}
      </Button>
    </Stack>
  );
}
