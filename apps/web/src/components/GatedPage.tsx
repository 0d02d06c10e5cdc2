// A screen's frame: the browser tab's title, the page heading with its intro line, and what the user may
// not open said as a locked notice instead of the content. The settings pages and the reports share it.
import { type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon } from './icons';
import { Notice } from './Notice';

export interface GatedPageProps {
  /** data-qa prefix: `<qa>-page` on the frame, `<qa>-no-access` on the locked notice. */
  qa: string;
  title: string;
  intro: string;
  /** The page's widest extent in px. */
  maw: number;
  /** The user holds the page's permission; otherwise `noAccess` shows instead of `children`. */
  allowed: boolean;
  noAccess: string;
  /** The space between the heading and the parts below it. */
  gap?: MantineSpacing;
  children: ReactNode;
}

export function GatedPage({
  qa,
  title,
  intro,
  maw,
  allowed,
  noAccess,
  gap = 'md',
  children,
}: GatedPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} – ${t('app-name')}`);
  return (
    <Stack gap={gap} maw={maw} data-qa={`${qa}-page`}>
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{intro}</Text>
      </div>
      {allowed ? (
        children
      ) : (
        <Notice color="gray" icon={<LockIcon />} qa={`${qa}-no-access`}>
          {noAccess}
        </Notice>
      )}
    </Stack>
  );
}
