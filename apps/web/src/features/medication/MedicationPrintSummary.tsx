// The stored medication record as it prints (issue 31: "the record prints as one page … for the parent to
// see at collection"): the child, when, what was given and how, the instructions and the child's health
// notes, in a compact table. It is shown only in print ([data-print="only"]); the drawer prints the three
// signatures under it, and the form itself is left out of the print.
import { Table, Text, Title } from '@mantine/core';
import { formatDate, formatTime } from '@nursery/domain/common';
import type { MedicationRecord } from '@nursery/domain/events';
import { useTranslation } from 'react-i18next';

export interface MedicationPrintSummaryProps {
  record: MedicationRecord;
  childName: string;
  health: { allergies: string | null; medicalNotes: string | null } | null;
  timeZone: string;
}

export function MedicationPrintSummary({ record, childName, health, timeZone }: MedicationPrintSummaryProps) {
  const { t } = useTranslation();
  const info = record.medicationInfo;
  const none = t('medication-none-recorded');
  const rows: [string, string | null][] = [
    [t('medication-child'), childName],
    [
      `${t('medication-date')}, ${t('medication-time')}`,
      `${formatDate(record.raised, timeZone)} ${formatTime(new Date(record.raised), timeZone)}`,
    ],
    [t('medication-name'), info.name],
    [t('medication-type'), t(`medication-type-${info.type}`)],
    [t('medication-form'), info.form ? t(`medication-form-${info.form}`) : null],
    [t('medication-dosage'), info.dosage],
    [t('medication-strength'), info.strength],
    [t('medication-frequency'), info.frequency],
    [t('medication-expiry'), info.expiryDate ? formatDate(info.expiryDate, timeZone) : null],
    [t('medication-storage'), info.storageAndDisposalInstructions],
    [t('medication-notes'), record.notes],
    [t('medication-allergies'), health?.allergies ?? null],
    [t('medication-medical-notes'), health?.medicalNotes ?? null],
  ];
  return (
    <div data-print="only" data-qa="medication-print-summary">
      <Title order={2} size="h4" mb={4}>
        {t('medication-record-title')}
      </Title>
      <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing="xs" fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="32%" scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
                {value?.trim() ? value : <Text span>{none}</Text>}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
