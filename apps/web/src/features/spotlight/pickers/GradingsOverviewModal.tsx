import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSession } from '../../auth';
import { useFrameworks } from '../../events';
import { FrameworksState } from './FrameworksState';
import { type OverviewGrade, overviewRows } from './overview';
import type { PickerBestFit, PickerGrading } from './pickerModel';
import classes from './pickers.module.css';
import type { PickerStringKey } from './strings';
import { usePickerT } from './usePickerT';

export interface GradingsOverviewModalProps {
  opened: boolean;
  onClose: () => void;
  gradings: PickerGrading[];
  bestFits?: PickerBestFit[];
}

const GRADE_KEY: Record<OverviewGrade, PickerStringKey> = {
  workingTowards: 'overview-working-towards',
  achieved: 'overview-achieved',
  bestFit: 'overview-best-fit',
};

/**
 * The Gradings Overview modal (spec 001 §2): the event's gradings and best fits in one table by area,
 * age range and grade.
 */
export function GradingsOverviewModal(props: GradingsOverviewModalProps) {
  const t = usePickerT();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('overview-title')}
      size="xl"
      transitionProps={{ duration: 0 }}
      data-qa="gradings-overview-modal"
    >
      {props.opened && <OverviewBody {...props} />}
    </Modal>
  );
}

function OverviewBody({ gradings, bestFits = [], onClose }: GradingsOverviewModalProps) {
  const t = usePickerT();
  const { site } = useSession();
  const query = useFrameworks(site.id);
  const rows = useMemo(() => overviewRows(query.data, gradings, bestFits), [query.data, gradings, bestFits]);
  return (
    <Stack gap="sm" data-qa="gradings-overview">
      <Group justify="space-between">
        <Badge size="lg" variant="light" data-qa="gradings-overview-count" data-count={rows.length}>
          {t('overview-total', { count: rows.length })}
        </Badge>
        <Button className={classes.control} onClick={onClose} data-qa="gradings-overview-close">
          {t('picker-close')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" data-qa="gradings-overview-empty">
          {t('overview-empty')}
        </Text>
      ) : (
        <FrameworksState query={query} qa="gradings-overview">
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="sm" data-qa="gradings-overview-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('overview-area')}</Table.Th>
                  <Table.Th scope="col">{t('overview-statement')}</Table.Th>
                  <Table.Th scope="col">{t('overview-age-range')}</Table.Th>
                  <Table.Th scope="col">{t('overview-value')}</Table.Th>
                  <Table.Th scope="col">{t('overview-notes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr
                    key={`${r.itemID}-${r.grade}`}
                    data-qa="gradings-overview-row"
                    data-item-id={r.itemID}
                  >
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {r.frameworkName}
                      </Text>
                      <Text size="sm">{r.areaName}</Text>
                    </Table.Td>
                    <Table.Td>{r.itemName ?? t('overview-unknown-item', { id: r.itemID })}</Table.Td>
                    <Table.Td>{r.ageRangeName ?? t('overview-no-age-range')}</Table.Td>
                    <Table.Td data-qa="gradings-overview-grade" data-grade={r.grade}>
                      {t(GRADE_KEY[r.grade])}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{r.notes}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </FrameworksState>
      )}
    </Stack>
  );
}
