import { Alert, Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface LoadFailedAlertProps {
  /** The screen's own words for what went wrong (not found, not on this device, failed). */
  title: string;
  /** Not found: trying again cannot help, so no Retry. */
  notFound: boolean;
  /** Offline with no copy on this device: orange (waiting for a network), not red (a failure). */
  notOnDevice: boolean;
  retry: () => void;
  qa: string;
  retryQa?: string;
}

/** A screen whose data could not be read: what happened, Retry where it may work, and the way home. */
export function LoadFailedAlert(props: LoadFailedAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color={props.notOnDevice ? 'orange' : 'red'}
      variant="light"
      title={props.title}
      data-qa={props.qa}
      data-offline={props.notOnDevice || undefined}
    >
      <Group gap="sm">
        {!props.notFound && (
          <Button size="sm" variant="light" onClick={props.retry} data-qa={props.retryQa}>
            {t('retry')}
          </Button>
        )}
        <Anchor component={Link} to="/">
          {t('nav-home')}
        </Anchor>
      </Group>
    </Alert>
  );
}
