/**
 * #/spotlight/{eventID or add}/event-checker (spec 001 §2 Event Checker, §4, §6, §8, §9): the tab strip,
 * the filters (the staff picker only for a user who may select staff, else their own key children),
 * the begin messages, and after Filter the staff members' key children with their latest spotlights or
 * two-year checks. The fetch needs the server: offline the screen says so and keeps the filters.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { todayInZone } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OfflineIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { LoadingLine, RetryAlert } from '../../components/QueryState';
import { NetworkError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useNow } from '../../lib/useNow';
import { useSession } from '../auth';
import { frameworksQuery } from '../events';
import { siteStaffQuery } from '../staff';
import { spotlightSetupQuery } from './api';
import { type EventCheckerRequest, eventCheckerQuery } from './eventChecker/api';
import { EventCheckerFilterForm } from './eventChecker/EventCheckerFilterForm';
import { EventCheckerResults } from './eventChecker/EventCheckerResults';
import {
  beginMessage,
  type EventCheckerFilters,
  filterProblem,
  filterRequest,
  loadStored,
  saveStored,
} from './eventChecker/filters';
import type { EventCheckerMode } from './eventChecker/KeyChildTile';
import { eventCheckerStrings } from './eventChecker/strings';
import { SpotlightTabs } from './SpotlightTabs';
import { spotlightStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', spotlightStrings);
i18n.addResources(LANGUAGE, 'translation', eventCheckerStrings);

const NOTHING_APPLIED: EventCheckerRequest = {
  siteID: 0,
  staffIDs: null,
  dateFrom: '',
  dateTo: '',
  frameworkID: null,
  eventTypes: [],
};

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function Component() {
  const { t } = useTranslation();
  const { site, can } = useSession();
  const { eventID } = useParams();
  const offline = useIsOffline();
  const today = todayInZone(useNow(60_000), site.timeZone);
  // The picker shows only with the right to select staff (spec 001 §6); the answer's
  // permittedActions.canSelectStaff says the same for what the server answered.
  const canSelectStaff = can('selectStaff');
  useDocumentTitle(`${t('spotlight-event-checker-title')} – ${t('app-name')}`);

  const [stored, setStored] = useState(() => loadStored(sessionStore(), site.id, today));
  const [filterTried, setFilterTried] = useState(false);
  const [mode, setMode] = useState<EventCheckerMode>('spotlight');
  useEffect(() => saveStored(sessionStore(), site.id, stored), [site.id, stored]);
  const { filters, applied } = stored;

  const setup = useQuery(spotlightSetupQuery(site.id));
  const staffList = useQuery({ ...siteStaffQuery(site.id), enabled: canSelectStaff });
  const frameworks = useQuery(frameworksQuery(site.id));
  // Results only after Filter (spec 001 §4): nothing is fetched before the first one.
  const result = useQuery({ ...eventCheckerQuery(applied ?? NOTHING_APPLIED), enabled: applied !== null });

  const staffChoices = useMemo(
    () => (staffList.data ?? []).map((s) => ({ id: s.staffID, name: `${s.forename} ${s.surname}` })),
    [staffList.data],
  );
  const frameworkChoices = useMemo(
    () => (frameworks.data?.frameworks ?? []).map((f) => ({ id: f.id, name: f.name })),
    [frameworks.data],
  );

  const onFilter = () => {
    setFilterTried(true);
    const request = filterRequest(site.id, canSelectStaff, filters);
    if (request) {
      // The same filters again ask the server again (e.g. after an error or back online).
      if (applied && JSON.stringify(applied) === JSON.stringify(request)) void result.refetch();
      setStored({ filters, applied: request });
    } else if (canSelectStaff && filters.staffIDs.length === 0) setStored({ filters, applied: null });
  };
  const problem = filterTried ? filterProblem(filters) : null;
  const message = beginMessage({
    canSelectStaff,
    staffCount: filters.staffIDs.length,
    applied: applied !== null,
    filterTried,
  });
  const unreachable = result.error instanceof NetworkError || (offline && result.data === undefined);

  return (
    <Stack gap="md" data-qa="spotlight-event-checker">
      <SpotlightTabs
        eventID={eventID ?? 'add'}
        types={(setup.data?.types ?? []).map((x) => x.type)}
        value="event-checker"
        typeLocked={false}
      />
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('spotlight-event-checker-title')}
      </Title>
      <EventCheckerFilterForm
        filters={filters}
        onChange={(next: EventCheckerFilters) => setStored((s) => ({ ...s, filters: next }))}
        canSelectStaff={canSelectStaff}
        staff={staffChoices}
        staffLoading={canSelectStaff && staffList.isPending}
        frameworks={frameworkChoices}
        problem={problem}
        loading={applied !== null && result.isFetching}
        onFilter={onFilter}
      />
      {message && (
        <Text c="dimmed" data-qa="event-checker-message">
          {t(message)}
        </Text>
      )}
      {applied !== null &&
        (unreachable && result.data === undefined ? (
          <Notice color="gray" icon={<OfflineIcon />} qa="event-checker-offline">
            {t('event-checker-offline')}
          </Notice>
        ) : result.isPending ? (
          <LoadingLine text={t('event-checker-loading')} qa="event-checker-loading" />
        ) : result.isError ? (
          <RetryAlert
            message={t('event-checker-error')}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
            qa="event-checker-error"
            retryQa="event-checker-retry"
          />
        ) : (
          <EventCheckerResults answer={result.data} mode={mode} onModeChange={setMode} site={site} />
        ))}
    </Stack>
  );
}
