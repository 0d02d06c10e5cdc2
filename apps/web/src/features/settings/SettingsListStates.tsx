// What the settings' card lists (Meals, Frameworks, Permissions) show around their rows, the same way on
// each: offline, a notice above the controls (what was typed stays); the first load's line; a failed
// load with Try again. The page passes its controls, then its empty line, rows and actions as children.
import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Notice } from '../../components/Notice';

export interface SettingsListStatesProps {
  /** data-qa prefix: `<qa>-offline`, `<qa>-loading`, `<qa>-load-failed`, `<qa>-retry`. */
  qa: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  offline: boolean;
  /** The words: offline, loading, a failed load, its retry button. */
  texts: { offline: string; loading: string; loadFailed: string; retry: string };
  /** The search and filters, below the offline notice. */
  controls?: ReactNode;
  children: ReactNode;
}

export function SettingsListStates({
  qa,
  query,
  offline,
  texts,
  controls,
  children,
}: SettingsListStatesProps) {
  return (
    <>
      {offline && (
        <Notice color="yellow" qa={`${qa}-offline`}>
          {texts.offline}
        </Notice>
      )}
      {controls}
      {query.isPending && !offline && (
        <Text c="dimmed" data-qa={`${qa}-loading`}>
          {texts.loading}
        </Text>
      )}
      {query.isError && (
        <Notice color="red" role="alert" qa={`${qa}-load-failed`}>
          <Group justify="space-between">
            <span>{texts.loadFailed}</span>
            <Button variant="light" onClick={() => void query.refetch()} data-qa={`${qa}-retry`}>
              {texts.retry}
            </Button>
          </Group>
        </Notice>
      )}
      {children}
    </>
  );
}
