import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { eventFlagsFromCode } from '@nursery/domain/events';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/icons';
import { Notice } from '../../../components/Notice';
import { NetworkError } from '../../../lib/api';
import { useSession } from '../../auth';
import { eventsApi } from '../api';
import type { PanelProps } from '../panelProps';
import { type ExistingLookup, twoYearDecision } from './twoYear';

/** A child has very few assessments; one page of the search holds them all. */
const TWO_YEAR_LOOKUP_LIMIT = 100;

export const twoYearKeys = {
  existing: (childID: number, typeID: number) => ['two-year-existing', childID, typeID] as const,
};

/**
 * The two-year progress check rules (spec 000 §5): while the selected code is the two-year check,
 * the one selected child must be 22 to 36 months old at the event date and may have no other check
 * (in progress or finished); offline the check cannot be saved. `blocksSave` hides the save
 * buttons; `notice` says why (or null when all is well).
 */
export function useTwoYearCheck(props: PanelProps): { blocksSave: boolean; notice: ReactNode | null } {
  const { form, type, event, siteChildren } = props;
  const { t } = useTranslation();
  const { config } = useSession();
  const code = type.codes.find((c) => c.id === form.codeID);
  const isTwoYear = eventFlagsFromCode(code?.key ?? null).twoyear;
  const childID = form.childIDs.length === 1 ? form.childIDs[0]! : null;
  const twoYearCodeIDs = type.codes.filter((c) => eventFlagsFromCode(c.key ?? null).twoyear).map((c) => c.id);

  // The search has no codeID filter: the child's events of the type, filtered by code here.
  const query = useQuery({
    queryKey: twoYearKeys.existing(childID ?? 0, type.id),
    queryFn: ({ signal }) =>
      eventsApi.search({ childIDs: childID, typeID: type.id, limit: TWO_YEAR_LOOKUP_LIMIT }, signal),
    enabled: isTwoYear && childID !== null,
    staleTime: 0,
    retry: false,
  });

  let lookup: ExistingLookup;
  if (!isTwoYear || childID === null) lookup = { state: 'idle' };
  else if (query.isError)
    lookup = query.error instanceof NetworkError ? { state: 'offline' } : { state: 'failed' };
  else if (query.isPending) lookup = { state: 'loading' };
  else lookup = { state: 'done', events: query.data.events };

  const dob = siteChildren.find((c) => c.id === childID)?.dob ?? null;
  const decision = twoYearDecision({
    isTwoYear,
    childIDs: form.childIDs,
    dob,
    date: form.date,
    lookup,
    twoYearCodeIDs,
    editingID: event?.id ?? null,
    statuses: config.eventStatuses,
  });

  let notice: ReactNode | null = null;
  switch (decision.kind) {
    case 'none':
    case 'ok':
      break;
    case 'checking':
      notice = (
        <Group gap="xs" data-qa="twoyear-notice" data-kind="checking" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('twoyear-checking')}</Text>
        </Group>
      );
      break;
    case 'lookup-failed':
      notice = (
        <Notice color="yellow" qa="twoyear-notice" data-kind="failed">
          {t('twoyear-check-failed')}
        </Notice>
      );
      break;
    case 'invalid-age':
      notice = (
        <Notice color="red" role="alert" icon={<AlertIcon />} qa="twoyear-notice" data-kind="invalid-age">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t(decision.key)}
            </Text>
            <Text size="sm">{t('twoyear-age', { months: String(decision.ageMonths) })}</Text>
          </Stack>
        </Notice>
      );
      break;
    case 'offline':
      notice = (
        <Notice color="orange" role="alert" icon={<AlertIcon />} qa="twoyear-notice" data-kind="offline">
          {t(decision.key)}
        </Notice>
      );
      break;
    case 'existing':
      notice = (
        <Notice
          color={decision.finished ? 'blue' : 'yellow'}
          role="alert"
          icon={<AlertIcon />}
          qa="twoyear-notice"
          data-kind={decision.finished ? 'finished' : 'in-progress'}
        >
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t(decision.key)}
            </Text>
            <Anchor href={`#/edit/${decision.eventID}`} size="sm" data-qa="twoyear-existing-link">
              {t('twoyear-open-existing')}
            </Anchor>
          </Stack>
        </Notice>
      );
      break;
  }
  return { blocksSave: decision.blocksSave, notice };
}
