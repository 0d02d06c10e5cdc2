import { Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface HomeWidgetProps {
  title: ReactNode;
  qa: string;
  /** Beside the heading: a count badge, a refresh or add button. */
  aside?: ReactNode;
  /** Spans the whole row of Home's widget grid (a wide table). */
  wide?: boolean;
  children: ReactNode;
}

/** One widget of Home: a bordered section whose level-2 heading names it for assistive technology. */
export function HomeWidget({ title, qa, aside, wide = false, children }: HomeWidgetProps) {
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
      data-qa={qa}
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
