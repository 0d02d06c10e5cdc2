// A section of a site's page with a list and its add form below (sessions, closures): the heading, a
// line on what the list holds, and an empty notice instead of the list when there is nothing in it.
import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { InfoIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';

export interface SiteSectionProps {
  /** data-qa of the section; `<qa>-title` is its heading's id, `<qa>-empty` the empty notice's data-qa. */
  qa: string;
  title: string;
  intro: string;
  /** Shown instead of `list` when `isEmpty`. */
  emptyText: string;
  isEmpty: boolean;
  list: ReactNode;
  /** Below the list: its add form (and any notice about the list). */
  children: ReactNode;
}

export function SiteSection({ qa, title, intro, emptyText, isEmpty, list, children }: SiteSectionProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${qa}-title`} data-qa={qa}>
      <Title order={2} fz="h4" id={`${qa}-title`}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {intro}
      </Text>
      {isEmpty ? (
        <Notice color="gray" icon={<InfoIcon />} qa={`${qa}-empty`}>
          {emptyText}
        </Notice>
      ) : (
        list
      )}
      {children}
    </Paper>
  );
}
