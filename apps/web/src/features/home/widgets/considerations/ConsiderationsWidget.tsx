// Home's pending considerations (spec 002 §3 Consideration, §6 publishConsiderations, §9): the
// considerations waiting on Pending events, newest first, each linking to its event; the badge shows
// '99+' at 100 with a warning that only the first 100 are shown. Online only (a manager's work queue).
import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { considerationsTruncated, type PendingConsideration } from '@nursery/domain/children';
import { considerationsBadge, formatDate } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import { AlertIcon, InfoIcon, OfflineIcon } from '../../../../components/icons';
import { Notice } from '../../../../components/Notice';
import { LoadingLine, RetryAlert } from '../../../../components/QueryState';
import { NetworkError } from '../../../../lib/api';
import { useIsOffline } from '../../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../../lib/i18n';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { HomeWidget } from '../HomeWidget';
import pill from '../StatusPill.module.css';
import { pendingConsiderationsQuery } from './api';
import classes from './ConsiderationsWidget.module.css';
import { considerationsStrings } from './strings';

// The widget's strings arrive with its chunk (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', considerationsStrings);

const STATUS_COLOURS: Record<string, string> = {
  Intervention: 'red',
  StaffSupport: 'orange',
  Monitor: 'blue',
  Resolved: 'green',
};

export default function ConsiderationsWidget() {
  const { can } = useSession();
  if (!can('publishConsiderations')) return null;
  return <Considerations />;
}

function Considerations() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const query = useQuery({ ...pendingConsiderationsQuery(), retry: 1, enabled: !offline });
  const list = query.data;
  const unreachable =
    list === undefined && (offline || (query.isError && query.error instanceof NetworkError));

  return (
    <HomeWidget
      title={t('considerations-title')}
      qa="widget-considerations"
      aside={
        list && list.length > 0 ? (
          <span className={pill.pill} data-tone="orange" data-qa="considerations-badge">
            <span aria-hidden="true">{considerationsBadge(list.length)}</span>
            <VisuallyHidden>
              {t('considerations-count', { badge: considerationsBadge(list.length) })}
            </VisuallyHidden>
          </span>
        ) : null
      }
    >
      {unreachable ? (
        <Notice color="blue" icon={<OfflineIcon />} qa="widget-considerations-offline">
          {t('widget-requires-network')}
        </Notice>
      ) : list === undefined ? (
        query.isError ? (
          <RetryAlert
            message={t('considerations-load-failed')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            qa="widget-considerations-error"
            retryQa="widget-considerations-retry"
          />
        ) : (
          <LoadingLine text={t('considerations-loading')} qa="widget-considerations-loading" />
        )
      ) : list.length === 0 ? (
        <Notice color="gray" icon={<InfoIcon />} qa="widget-considerations-empty">
          {t('considerations-none')}
        </Notice>
      ) : (
        <>
          {considerationsTruncated(list.length) && (
            <Notice color="orange" icon={<AlertIcon />} qa="considerations-first-100">
              {t('considerations-first-100')}
            </Notice>
          )}
          <ul className={classes.list} data-qa="considerations-list">
            {list.map((c) => (
              <li key={c.id}>
                <ConsiderationRow consideration={c} />
              </li>
            ))}
          </ul>
        </>
      )}
    </HomeWidget>
  );
}

function ConsiderationRow({ consideration: c }: { consideration: PendingConsideration }) {
  const { t } = useTranslation();
  const { site } = useSession();
  const child = `${c.child.forename} ${c.child.surname}`;
  return (
    <UnstyledButton
      component={Link}
      to={`/view/${c.eventID}`}
      className={classes.row}
      data-qa="consideration"
      data-event-id={c.eventID}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ChildAvatar child={c.child} photoUrl={childPhotoUrl} small />
        <Stack gap={2} className={classes.body}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {child}
            </Text>
            <span className={pill.pill} data-tone={STATUS_COLOURS[c.status] ?? 'gray'}>
              {t(`consideration-status-${c.status}`, { defaultValue: c.status })}
            </span>
            {c.visibleToParents && (
              <span className={pill.pill} data-tone="gray">
                {t('considerations-visible-to-parents')}
              </span>
            )}
          </Group>
          {c.notes && (
            <Text size="sm" lineClamp={2}>
              {c.notes}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('considerations-raised', { date: formatDate(new Date(c.created), site.timeZone) })}
            {c.staffMember
              ? ` · ${t('considerations-by', { name: `${c.staffMember.forename} ${c.staffMember.surname}` })}`
              : ''}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
