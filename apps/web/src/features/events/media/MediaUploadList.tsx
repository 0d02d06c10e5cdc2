import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import type { MediaUploads } from './useMediaUploads';

/**
 * The uploads of useMediaUploads as both editors show them: a row per file being prepared or uploaded
 * with its progress bar, a failed one with its reason, Retry (when another try may work) and Discard,
 * then the refusals of the last pick (a file never sent), each dismissable.
 */
export function MediaUploadList({ media }: { media: MediaUploads }) {
  const { t } = useTranslation();
  return (
    <>
      {media.uploads.map((u) => (
        <Paper key={u.id} withBorder p="sm" radius="md" data-qa="media-upload" data-status={u.status}>
          <Stack gap={6}>
            <Text size="sm" truncate>
              {u.status === 'preparing'
                ? t('media-preparing', { name: u.name })
                : u.status === 'uploading'
                  ? t('media-uploading', { name: u.name })
                  : u.name}
            </Text>
            {u.status !== 'failed' ? (
              <Progress
                value={Math.round(u.progress * 100)}
                animated
                striped={u.status === 'preparing'}
                color={u.status === 'preparing' ? 'teal' : undefined}
                aria-label={
                  u.status === 'preparing'
                    ? t('media-prepare-progress', { name: u.name })
                    : t('media-upload-progress', { name: u.name })
                }
                data-qa={u.status === 'preparing' ? 'media-prepare-progress' : 'media-progress'}
              />
            ) : (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-qa="media-error">
                <Text size="sm" fw={600}>
                  {t('err-uploading-media')}
                </Text>
                {u.message && (
                  <Text size="sm" data-qa="media-error-message">
                    {u.message}
                  </Text>
                )}
                {!u.retryable && (
                  <Text size="sm" data-qa="media-no-retry">
                    {t('media-no-retry')}
                  </Text>
                )}
                <Group gap="xs" mt="xs">
                  {u.retryable && (
                    <Button color="red" onClick={() => media.retry(u)} data-qa="media-retry">
                      {t('media-retry')}
                    </Button>
                  )}
                  <Button
                    variant="subtle"
                    color="gray"
                    onClick={() => media.discard(u.id)}
                    data-qa="media-discard"
                  >
                    {t('media-discard')}
                  </Button>
                </Group>
              </Alert>
            )}
          </Stack>
        </Paper>
      ))}

      {media.refusals.map((r) => (
        <Alert
          key={r.key}
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('media-discard')}
          styles={{ closeButton: { width: 44, height: 44, minWidth: 44 } }}
          onClose={() => media.dismissRefusal(r.key)}
          data-qa="media-refused"
        >
          {r.name}: {r.message}
        </Alert>
      ))}
    </>
  );
}
