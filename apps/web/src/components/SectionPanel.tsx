import { Group, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface SectionPanelProps {
  title: ReactNode;
  qa: string;
  /** 'panel': a panel of a form (heading level 3); 'card': a smaller block inside a side column (level 4). */
  variant?: 'panel' | 'card';
  /** Beside the heading (a count, a help button). */
  aside?: ReactNode;
  /** The heading's level when the panel sits right under the page title (2); else the variant's. */
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
}

/** A titled section of a screen: a bordered box whose heading names it for assistive technology. */
export function SectionPanel({
  title,
  qa,
  variant = 'panel',
  aside,
  headingLevel,
  children,
}: SectionPanelProps) {
  const headingId = useId();
  const card = variant === 'card';
  const heading = card ? (
    <Title order={headingLevel ?? 4} size="h5" id={headingId}>
      {title}
    </Title>
  ) : (
    <Title order={headingLevel ?? 3} fz="md" id={headingId}>
      {title}
    </Title>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p={card ? 'sm' : { base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
      data-qa={qa}
    >
      <Stack gap={card ? 'xs' : 'sm'}>
        {aside ? (
          <Group justify="space-between" gap="xs">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
