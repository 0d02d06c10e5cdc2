// The chosen child's allergies and medical notes, from their record (issue 31: at the top of the
// medication form, so whoever gives a medicine sees them first).
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ChildHealthProps {
  child: { forename: string; surname: string; allergies: string | null; medicalNotes: string | null } | null;
  /** A child is chosen and their record is loading. */
  pending: boolean;
  /** A child is chosen but their record could not be read (offline and not on this device). */
  unavailable: boolean;
}

export function ChildHealth({ child, pending, unavailable }: ChildHealthProps) {
  const { t } = useTranslation();
  const none = (text: string | null) =>
    text?.trim() ? (
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
    ) : (
      <Text c="dimmed">{t('medication-none-recorded')}</Text>
    );
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      bg={child?.allergies?.trim() ? 'red.0' : undefined}
      data-qa="medication-health"
      aria-live="polite"
    >
      {child ? (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('medication-health-title', { name: `${child.forename} ${child.surname}` })}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <div data-qa="medication-allergies">
              <Text fw={700} size="sm">
                {t('medication-allergies')}
              </Text>
              {none(child.allergies)}
            </div>
            <div data-qa="medication-medical-notes">
              <Text fw={700} size="sm">
                {t('medication-medical-notes')}
              </Text>
              {none(child.medicalNotes)}
            </div>
          </SimpleGrid>
        </Stack>
      ) : (
        <Text c={unavailable ? 'orange.9' : 'dimmed'} size="sm" data-qa="medication-health-note">
          {t(
            pending
              ? 'medication-loading'
              : unavailable
                ? 'medication-health-unavailable'
                : 'medication-choose-child-first',
          )}
        </Text>
      )}
    </Paper>
  );
}
