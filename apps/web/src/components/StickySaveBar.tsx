// The editors' save bar frame: stuck to the bottom of the screen above the content, its rows stacked
// (an error, the save buttons). The Events editor and Spotlight fill it with their own rows.
import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export function StickySaveBar({ qa, children }: { qa: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      shadow="md"
      radius={0}
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 5 }}
      data-qa={qa}
    >
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}
