/**
 * #/spotlight/{eventID or add}/big-picture (spec 001 §2 "Big Picture", §4, §5, §7-§9): the tab strip,
 * the left child list (at most 200; none chosen = every child the filters keep), the filters and the
 * report. The report needs the server: offline the filters stay as typed and Filter says why it is off.
 * Professional judgements live in this screen's memory for the session; Cancel asks before dropping them.
 */
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { bigPictureFileName, todayInZone } from '@nursery/domain/common';
import type { SpotlightTag } from '@nursery/domain/events';
import type { Framework } from '@nursery/domain/frameworks';
import {
  BIRTH_TO_FIVE_FRAMEWORK_ID,
  type BigPictureFilter,
  DEVELOPMENT_MATTERS_FRAMEWORK_ID,
  type ProfessionalJudgement,
} from '@nursery/domain/spotlight';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { now } from '../../../lib/clock';
import { useIsOffline } from '../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../lib/i18n';
import { useSession } from '../../auth';
import { useFrameworks } from '../../events';
import { spotlightSetupQuery } from '../api';
import { SpotlightTabs } from '../SpotlightTabs';
import { spotlightStrings } from '../strings';
import { bigPictureApi, bigPictureReportQuery } from './api';
import classes from './bigPicture.module.css';
import { ChildrenPanel } from './ChildrenPanel';
import { FilterPanel } from './FilterPanel';
import { type FilterForm, initialFilterForm, toFilter } from './filterForm';
import { ReportPanel } from './ReportPanel';
import { cancelNeedsConfirmation, initialReportState, reportReducer } from './reportState';
import { bigPictureStrings } from './strings';

i18n.addResources(LANGUAGE, 'translation', spotlightStrings);
i18n.addResources(LANGUAGE, 'translation', bigPictureStrings);

const NO_CHILDREN: readonly number[] = [];

/** Development Matters when the site has it, else the first (spec 001 §9). */
function defaultFramework(frameworks: readonly Framework[]): string | null {
  return (frameworks.find((f) => f.id === DEVELOPMENT_MATTERS_FRAMEWORK_ID) ?? frameworks[0])?.id ?? null;
}

/** Saves a downloaded file under its name (an <a download> on an object URL, revoked after the click). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BigPictureScreen() {
  const { t } = useTranslation();
  const { site, sites, config } = useSession();
  const { eventID } = useParams();
  useDocumentTitle(`${t('big-picture-title')} – ${t('app-name')}`);
  const offline = useIsOffline();
  const today = todayInZone(now(), site.timeZone);
  const setup = useQuery(spotlightSetupQuery(site.id));
  const [form, setForm] = useState<FilterForm | null>(null);
  const siteID = form?.siteID ?? site.id;
  const frameworksQuery = useFrameworks(siteID);

  const types = useMemo(() => (setup.data?.types ?? []).map((x) => x.type), [setup.data]);
  const typeIDs = useMemo(() => {
    const ids = new Map<SpotlightTag, number>();
    for (const x of config.eventTypes)
      if (x.tag === 'snapshot' || x.tag === 'learningStory') ids.set(x.tag, x.id);
    return ids;
  }, [config.eventTypes]);
  // The frameworks graded on snapshots or learning stories; Birth to 5 has a report of its own.
  const spotlightFrameworks = useMemo(() => {
    const ids = [...typeIDs.values()];
    return (frameworksQuery.data?.frameworks ?? []).filter((f) =>
      f.schemes.some((s) => ids.includes(s.eventTypeID)),
    );
  }, [frameworksQuery.data, typeIDs]);
  const birthToFive =
    setup.data?.enableBirthToFive === true
      ? (spotlightFrameworks.find((f) => f.id === BIRTH_TO_FIVE_FRAMEWORK_ID) ?? null)
      : null;
  const pickable = useMemo(
    () => spotlightFrameworks.filter((f) => f.id !== BIRTH_TO_FIVE_FRAMEWORK_ID),
    [spotlightFrameworks],
  );
  const defaultFrameworkID = defaultFramework(pickable) ?? birthToFive?.id ?? null;

  // The form starts once the frameworks are known (the default framework); kept as typed from then on.
  const current: FilterForm | null =
    form ?? (frameworksQuery.data ? initialFilterForm(site.id, defaultFrameworkID, today) : null);
  // Stable callbacks (the form as first shown read through a ref), so the memoised child list and
  // filters are not drawn again when only the report changes.
  const currentRef = useRef(current);
  currentRef.current = current;
  const change = useCallback(
    (update: (f: FilterForm) => FilterForm) =>
      setForm((f) => {
        const base = f ?? currentRef.current;
        return base ? update(base) : f;
      }),
    [],
  );
  const changeChildren = useCallback((childIDs: number[]) => change((f) => ({ ...f, childIDs })), [change]);

  const [applied, setApplied] = useState<BigPictureFilter | null>(null);
  const [state, dispatch] = useReducer(reportReducer, initialReportState);
  const report = useQuery({
    ...bigPictureReportQuery(applied as BigPictureFilter),
    enabled: applied !== null,
  });
  const appliedFramework = applied
    ? ((frameworksQuery.data?.frameworks ?? []).find((f) => f.id === applied.frameworkID) ?? null)
    : null;
  const eventTypeIDs = useMemo(
    () =>
      (applied?.eventTypes ?? [])
        .map((tag) => typeIDs.get(tag))
        .filter((id): id is number => id !== undefined),
    [applied, typeIDs],
  );
  const loading = applied !== null && report.isFetching;
  // The filters turn off at once when a report is asked for, but turn back on after the report has been
  // drawn (a deferred render): the wheel is what the user waits for.
  const deferredLoading = useDeferredValue(loading);
  const filtersLoading = loading || deferredLoading;

  const runFilter = () => {
    if (!current) return;
    const next = toFilter(current);
    if (!next) return;
    if (JSON.stringify(next) === JSON.stringify(applied)) void report.refetch();
    else {
      setApplied(next);
      dispatch({ type: 'back' });
    }
  };

  const filterRef = useRef(runFilter);
  filterRef.current = runFilter;
  const filter = useCallback(() => filterRef.current(), []);

  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!applied) return;
    const overrides: ProfessionalJudgement[] = state.judgements.filter((j) =>
      j.itemID.startsWith(`/${applied.frameworkID}/`),
    );
    const id = notifications.show({
      loading: true,
      message: t('downloading-report'),
      autoClose: false,
      withCloseButton: false,
    });
    setDownloading(true);
    try {
      const file = await bigPictureApi.download({ ...applied, overrides });
      const name = file.fileName ?? bigPictureFileName(todayInZone(now(), site.timeZone));
      saveFile(file.blob, name);
      notifications.update({
        id,
        loading: false,
        color: 'green',
        message: t('downloaded-report', { file: name }),
        autoClose: 5000,
        withCloseButton: true,
      });
    } catch {
      notifications.update({
        id,
        loading: false,
        color: 'red',
        message: t('error-downloading-report'),
        autoClose: 8000,
        withCloseButton: true,
      });
    } finally {
      setDownloading(false);
    }
  };

  const close = () => {
    dispatch({ type: 'discard' });
    setApplied(null);
  };
  const cancel = () => {
    if (!cancelNeedsConfirmation(state)) return close();
    openConfirmDialog({
      title: t('confirm-close-report'),
      confirmLabel: t('big-picture-confirm-yes'),
      cancelLabel: t('big-picture-confirm-no'),
      confirmQa: 'big-picture-confirm-close',
      cancelQa: 'big-picture-keep-report',
      onConfirm: close,
    });
  };

  const rooms = sites.find((s) => s.id === siteID)?.rooms ?? site.rooms;
  const loadProblem = setup.isError ? setup : frameworksQuery.isError ? frameworksQuery : null;

  return (
    <Stack gap="md" data-qa="spotlight-big-picture">
      <div className={classes.printHide}>
        <SpotlightTabs eventID={eventID ?? 'add'} types={types} value="big-picture" typeLocked={false} />
      </div>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('big-picture-title')}
      </Title>
      {loadProblem && (
        <RetryAlert
          message={t('big-picture-frameworks-failed')}
          onRetry={() => loadProblem.refetch()}
          retrying={loadProblem.isFetching}
          data-qa="big-picture-load-error"
        />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.printHide}>
          <ChildrenPanel
            siteID={siteID}
            keyChildIDs={config.keyChildren}
            rooms={rooms}
            selected={current?.childIDs ?? NO_CHILDREN}
            onChange={changeChildren}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} className={classes.reportColumn}>
          <Stack gap="md">
            <div className={classes.printHide}>
              {current === null ? (
                frameworksQuery.isPending ? (
                  <LoadingLine text={t('big-picture-loading')} />
                ) : null
              ) : pickable.length === 0 && !birthToFive ? (
                <Text c="dimmed" data-qa="big-picture-no-frameworks">
                  {t('big-picture-no-frameworks')}
                </Text>
              ) : (
                <FilterPanel
                  form={current}
                  onChange={change}
                  frameworks={pickable}
                  birthToFive={birthToFive}
                  defaultFrameworkID={defaultFramework(pickable)}
                  sites={sites}
                  types={types}
                  today={today}
                  loading={filtersLoading}
                  offline={offline}
                  onFilter={filter}
                />
              )}
            </div>
            <ReportPanel
              applied={applied}
              framework={appliedFramework}
              eventTypeIDs={eventTypeIDs}
              report={report}
              state={state}
              dispatch={dispatch}
              offline={offline}
              downloading={downloading}
              onDownload={download}
              onCancel={cancel}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
