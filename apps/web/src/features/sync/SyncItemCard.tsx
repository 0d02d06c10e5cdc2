/**
 * The one card of the sync screen's items (issue 28), whatever their kind: the event kind's items
 * (SyncPage) and the other kinds' waiting operations (QueueItems). The frame is shared: the state's
 * colour on the left edge, the title, a line under it, the state badge, what the kind shows below
 * (progress, errors) and the actions, with Delete apart at the far end. Each kind keeps its data-qa
 * names (`qa` is their prefix).
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The colour of an item's state; a state this build does not know is an error's. */
const STATE_COLOR: Record<string, string> = {
  pending: 'blue',
  syncing: 'cyan',
  done: 'green',
  error: 'red',
  conflict: 'orange',
};

export const isKnownSyncState = (status: string): boolean => status in STATE_COLOR;
export const syncStateColor = (status: string): string => STATE_COLOR[status] ?? 'red';

export interface SyncItemCardProps {
  /** The data-qa prefix: the card, its title, state and delete button take it. */
  qa: 'sync-item' | 'sync-queue-item';
  status: string;
  uuid: string;
  /** The queue's group of the item (the other kinds' cards only). */
  group?: string;
  /** The card's background: a done or failed item stands out. */
  background?: string;
  title: string;
  subtitle: ReactNode;
  stateLabel: string;
  /** What the kind shows between the title and the actions (progress, saved ids, errors). */
  children?: ReactNode;
  /** The actions row, when the item has one: the kind's actions and the Delete button at the far end. */
  actions: {
    buttons: ReactNode;
    deleteLabel: string;
    onDelete: () => void;
    busy: boolean;
    qa?: string;
  } | null;
}

export function SyncItemCard({
  qa,
  status,
  uuid,
  group,
  background,
  title,
  subtitle,
  stateLabel,
  children,
  actions,
}: SyncItemCardProps) {
  const color = syncStateColor(status);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ borderLeft: `6px solid var(--mantine-color-${color}-6)` }}
      bg={background}
      data-qa={qa}
      data-group={group}
      data-status={status}
      data-uuid={uuid}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-qa={`${qa}-title`}>
              {title}
            </Text>
            <Text fz="sm" c="dimmed">
              {subtitle}
            </Text>
          </Stack>
          <Badge color={color} variant="light" size="lg" style={{ flexShrink: 0 }} data-qa={`${qa}-state`}>
            {stateLabel}
          </Badge>
        </Group>
        {children}
        {actions && (
          // The destructive Delete sits apart from the other actions, at the far end of the row
          // (issue 13), and still asks before it deletes.
          <Group justify="space-between" gap="md" wrap="wrap" data-qa={actions.qa}>
            <Group gap="xs">{actions.buttons}</Group>
            <Button
              size="xs"
              variant="outline"
              // red.9: red.8 is 4.4:1 on the failed item's pink background (axe color-contrast).
              color="red.9"
              onClick={actions.onDelete}
              disabled={actions.busy}
              data-qa={`${qa}-delete`}
            >
              {actions.deleteLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
