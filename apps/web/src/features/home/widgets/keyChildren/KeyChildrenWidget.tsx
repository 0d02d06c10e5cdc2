// Home's key-children widget (spec 002 §2 Home, §3 "Key-children data", §8, §9): the user's key children
// with their last observation per area of learning (DD/MM, a 'recent' mark within 2 weeks), the
// event-checker due dates and the two-year-check status. Kept on the device per day (cache version 2),
// so it still shows offline with the 'widget-key-children-offline' notice.
import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { ageLabel, isSpotlightDue, type KeyChild, type KeyChildrenAnswer } from '@nursery/domain/children';
import { formatShortDate, todayInZone } from '@nursery/domain/common';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildAvatar } from '../../../../components/ChildAvatar';
import { CheckIcon, ChevronRightIcon, InfoIcon, OfflineIcon } from '../../../../components/icons';
import { Notice } from '../../../../components/Notice';
import { LoadingLine, RetryAlert } from '../../../../components/QueryState';
import { TWO_YEAR_CHECK_COLOURS } from '../../../../components/twoYearCheckColours';
import { NetworkError } from '../../../../lib/api';
import { useIsOffline } from '../../../../lib/connectivity';
import i18n, { LANGUAGE } from '../../../../lib/i18n';
import { useNow } from '../../../../lib/useNow';
import { useSession } from '../../../auth';
import { childPhotoUrl } from '../../../children';
import { HomeWidget } from '../HomeWidget';
import pill from '../StatusPill.module.css';
import { keyChildrenQuery } from './api';
import classes from './KeyChildrenWidget.module.css';
import { type AreaColumn, areaCell, areaColumns, chosenFramework, frameworkChoices } from './keyChildrenView';
import { keyChildrenStrings } from './strings';

// The widget's strings arrive with its chunk (kept out of the login + Home bundle).
i18n.addResources(LANGUAGE, 'translation', keyChildrenStrings);

/** Shown to every member of staff (their own key children); an account without a staff record has none. */
export default function KeyChildrenWidget() {
  const { me } = useSession();
  if (me.staffID === null) return null;
  return <KeyChildren />;
}

function KeyChildren() {
  const { t } = useTranslation();
  const { site } = useSession();
  const offline = useIsOffline();
  const now = useNow(60_000);
  const today = todayInZone(now, site.timeZone);
  const query = useQuery({ ...keyChildrenQuery(site.id, today), retry: 1 });
  const data = query.data;
  const unreachable =
    data === undefined &&
    (query.fetchStatus === 'paused' || (query.isError && (offline || query.error instanceof NetworkError)));

  return (
    <HomeWidget
      title={t('key-children-title')}
      qa="widget-key-children"
      wide
      aside={
        data?.staff && data.children.length > 0 ? (
          <span className={pill.pill} data-tone="blue" data-qa="key-children-spotlights">
            {t('key-children-spotlights', { count: data.staff.totalSpotlights })}
          </span>
        ) : null
      }
    >
      {offline && data !== undefined && (
        <Notice color="blue" icon={<OfflineIcon />} qa="widget-key-children-offline">
          {t('widget-key-children-offline')}
        </Notice>
      )}
      {unreachable ? (
        <Notice color="blue" icon={<OfflineIcon />} qa="widget-key-children-unavailable">
          {t('widget-requires-network')}
        </Notice>
      ) : data === undefined ? (
        query.isError ? (
          <RetryAlert
            message={t('key-children-load-failed')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            qa="widget-key-children-error"
            retryQa="widget-key-children-retry"
          />
        ) : (
          <LoadingLine text={t('key-children-loading')} qa="widget-key-children-loading" />
        )
      ) : data.children.length === 0 ? (
        <Notice color="gray" icon={<InfoIcon />} qa="widget-key-children-empty">
          {t('key-children-none')}
        </Notice>
      ) : (
        <KeyChildrenTable data={data} today={today} />
      )}
    </HomeWidget>
  );
}

function KeyChildrenTable({ data, today }: { data: KeyChildrenAnswer; today: string }) {
  const { t } = useTranslation();
  const choices = useMemo(() => frameworkChoices(data.areas), [data.areas]);
  const [wanted, setWanted] = useState<string | null>(null);
  const frameworkID = chosenFramework(choices, wanted);
  const columns = useMemo(() => areaColumns(data.areas, frameworkID), [data.areas, frameworkID]);
  const { viewSnapshots, viewLearningStories } = data.permittedActions;
  const scroller = useRef<HTMLDivElement>(null);
  const hidden = useColumnsOffRight(scroller, columns.length);

  return (
    <>
      {choices.length > 1 && (
        <Group
          gap="xs"
          role="group"
          aria-label={t('key-children-framework')}
          data-qa="key-children-frameworks"
        >
          {choices.map((c) => (
            <Button
              key={c.id}
              size="sm"
              className={classes.touch}
              variant={c.id === frameworkID ? 'filled' : 'default'}
              aria-pressed={c.id === frameworkID}
              onClick={() => setWanted(c.id)}
              data-qa={`key-children-framework-${c.id}`}
            >
              {c.name}
            </Button>
          ))}
        </Group>
      )}
      {hidden.length > 0 && (
        <Group gap="xs" wrap="nowrap" justify="space-between" data-qa="key-children-scroll-hint">
          <Text size="sm" fw={600}>
            {t('key-children-more-columns', { columns: hidden.join(', ') })}
          </Text>
          <Button
            size="sm"
            variant="light"
            className={classes.touch}
            rightSection={<ChevronRightIcon size={18} />}
            onClick={() =>
              scroller.current?.scrollTo({ left: scroller.current.scrollWidth, behavior: 'smooth' })
            }
            data-qa="key-children-scroll-right"
          >
            {t('key-children-scroll-right')}
          </Button>
        </Group>
      )}
      {/* Focusable, so a keyboard can scroll the table sideways on a narrow screen. The edge fades while
          columns are off to the right (issue 27). */}
      <div className={classes.scrollFrame} data-more-right={hidden.length > 0}>
        <Table.ScrollContainer
          ref={scroller}
          minWidth={0}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('key-children-title')}
        >
          <Table
            striped
            verticalSpacing="xs"
            horizontalSpacing="xs"
            className={classes.table}
            data-qa="key-children-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('key-children-child')}</Table.Th>
                {columns.map((a) => (
                  <Table.Th key={a.id} scope="col" className={classes.area} title={a.name}>
                    <span aria-hidden="true">{a.label}</span>
                    <VisuallyHidden>{a.name}</VisuallyHidden>
                  </Table.Th>
                ))}
                {viewSnapshots && (
                  <Table.Th scope="col" className={classes.wrapHead} data-qa="key-children-head">
                    {t('key-children-snapshot')}
                  </Table.Th>
                )}
                {viewLearningStories && (
                  <Table.Th scope="col" className={classes.wrapHead} data-qa="key-children-head">
                    {t('key-children-learning-story')}
                  </Table.Th>
                )}
                <Table.Th scope="col" className={classes.wrapHead} data-qa="key-children-head">
                  {t('key-children-two-year')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.children.map((child) => (
                <KeyChildRow
                  key={child.id}
                  child={child}
                  columns={columns}
                  today={today}
                  viewSnapshots={viewSnapshots}
                  viewLearningStories={viewLearningStories}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
    </>
  );
}

function KeyChildRow({
  child,
  columns,
  today,
  viewSnapshots,
  viewLearningStories,
}: {
  child: KeyChild;
  columns: AreaColumn[];
  today: string;
  viewSnapshots: boolean;
  viewLearningStories: boolean;
}) {
  const { t } = useTranslation();
  const { sites } = useSession();
  const room = sites.find((s) => s.id === child.siteID)?.rooms.find((r) => r.id === child.roomID)?.name;
  const twoYear = child.twoYearCheck;
  return (
    <Table.Tr data-qa="key-child" data-child-id={child.id}>
      <Table.Th scope="row" className={classes.childCell}>
        <Group gap="sm" wrap="nowrap">
          <ChildAvatar child={child} photoUrl={childPhotoUrl} small />
          <div>
            <Text size="sm" fw={600} data-qa="key-child-name">
              {child.forename} {child.surname}
            </Text>
            <Text size="xs" c="dimmed">
              {ageLabel(child.dob, today)}
              {room ? ` · ${room}` : ''}
            </Text>
          </div>
        </Group>
      </Table.Th>
      {columns.map((a) => {
        const cell = areaCell(child, a.id);
        return (
          <Table.Td
            key={a.id}
            data-qa="key-child-area"
            data-area-id={a.id}
            data-recent={cell.recent}
            title={t('key-children-last-observation', { area: a.name })}
          >
            {cell.date === null ? (
              <Text size="sm" c="dimmed" component="span">
                <span aria-hidden="true">–</span>
                <VisuallyHidden>{t('key-children-no-observation')}</VisuallyHidden>
              </Text>
            ) : cell.recent ? (
              <span className={`${pill.pill} ${classes.date}`} data-tone="green">
                <CheckIcon size={12} />
                {cell.date}
                <VisuallyHidden>, {t('key-children-recent')}</VisuallyHidden>
              </span>
            ) : (
              <Text size="sm" component="span" className={classes.date}>
                {cell.date}
              </Text>
            )}
          </Table.Td>
        );
      })}
      {viewSnapshots && (
        <SpotlightCell
          due={child.snapshotDueDate}
          latest={child.latestSnapshot?.date ?? null}
          today={today}
        />
      )}
      {viewLearningStories && (
        <SpotlightCell
          due={child.learningStoryDueDate}
          latest={child.latestLearningStory?.date ?? null}
          today={today}
        />
      )}
      <Table.Td data-qa="key-child-two-year" data-status={twoYear.status}>
        <span className={pill.pill} data-tone={TWO_YEAR_CHECK_COLOURS[twoYear.status]}>
          {t(`two-year-status-${twoYear.status}`)}
        </span>
        {twoYear.status !== 'done' && (
          <Text size="xs" c="dimmed" className={classes.date}>
            {t('key-children-two-year-due-on', { date: formatShortDate(twoYear.due) })}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function SpotlightCell({ due, latest, today }: { due: string; latest: string | null; today: string }) {
  const { t } = useTranslation();
  const dueNow = isSpotlightDue(due, today);
  return (
    <Table.Td data-qa="key-child-spotlight" data-due={dueNow}>
      {dueNow ? (
        <span className={`${pill.pill} ${classes.date}`} data-tone="orange">
          {t('key-children-due-now')} {formatShortDate(due)}
        </span>
      ) : (
        <Text size="sm" component="span" className={classes.date}>
          {formatShortDate(due)}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {latest ? t('key-children-latest', { date: formatShortDate(latest) }) : t('key-children-none-yet')}
      </Text>
    </Table.Td>
  );
}

/**
 * The headings of the trailing columns (Snapshot due, Learning story due, Two year check) that are off
 * the right edge of the scroll container, kept up to date as it scrolls or resizes (issue 27: on a
 * narrow tablet the hint names them and a button scrolls to them).
 */
function useColumnsOffRight(scroller: RefObject<HTMLDivElement | null>, layoutKey: number): string[] {
  const [hidden, setHidden] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another framework's columns are measured again
  useEffect(() => {
    const el = scroller.current;
    if (!el) return undefined;
    const update = () => {
      const edge = el.getBoundingClientRect().right;
      const names = [...el.querySelectorAll<HTMLElement>('[data-qa="key-children-head"]')]
        .filter((th) => th.getBoundingClientRect().right > edge + 1)
        .map((th) => th.textContent ?? '');
      setHidden((prev) => (prev.join('|') === names.join('|') ? prev : names));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scroller, layoutKey]);
  return hidden;
}
