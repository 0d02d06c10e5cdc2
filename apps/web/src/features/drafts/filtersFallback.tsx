/**
 * TEMPORARY stand-ins until filters/DraftsFilters.tsx and filters/SelectionBar.tsx land (another
 * helper builds them). Delete this file and import those instead.
 */
import { Group, Paper, Text } from '@mantine/core';
import type { EventSummary } from '@nursery/domain';
import type { DraftsFilter } from './filters/draftsFilter';

export function DraftsFilters(_props: { value: DraftsFilter; onChange: (f: DraftsFilter) => void }) {
  return null;
}

export function SelectionBar(props: {
  selected: EventSummary[];
  loaded: EventSummary[];
  onSelectAll: () => void;
  onClear: () => void;
  onDone: () => void;
}) {
  return (
    <Paper withBorder p="sm" pos="sticky" top={0} style={{ zIndex: 5 }} data-qa="selection-bar">
      <Group>
        <Text>{props.selected.length}</Text>
      </Group>
    </Paper>
  );
}
