// A list page's table paged by cursor ('Show more'), in its states: offline (the screen needs the
// server), waiting or failed (with Retry), empty, and the rows with their count, the next page's
// button and a failed next page's Retry. The audit trail, the reports and the settings' lists share it;
// pagedRows gives it the rows and the state from the query.
import { Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../lib/api';
import { InfoIcon, OfflineIcon } from './icons';
import listPage from './ListPage.module.css';
import { Notice } from './Notice';
import { QueryWaiting, RetryAlert } from './QueryState';

/** What the table reads of a TanStack infinite query. */
export interface PagedQuery {
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** What pagedRows reads of a TanStack infinite query. */
export interface PagedData<Page> {
  data: { pages: Page[] } | undefined;
  isError: boolean;
  error: Error | null;
}

/** The table's state a paged list decides the same way on every page. */
export interface PagedTableState {
  /** The server cannot be reached: the screen shows `offline` instead of the table. */
  unreachable: boolean;
  /** Nothing has arrived yet (the first page is on its way or failed). */
  waiting: boolean;
  /** How many rows are shown (0: the empty notice). */
  rowCount: number;
}

/**
 * A paged list's rows so far (every page's, in order) and the table's state: nothing yet while the
 * first page is on its way; unreachable when offline or the server cannot be reached before any page
 * came (a page already shown stays).
 */
export function pagedRows<Page, Row>(
  query: PagedData<Page>,
  offline: boolean,
  rowsOf: (page: Page) => readonly Row[],
): { pages: Page[] | undefined; rows: Row[]; table: PagedTableState } {
  const pages = query.data?.pages;
  const rows = pages?.flatMap(rowsOf) ?? [];
  const waiting = pages === undefined;
  const unreachable = waiting && (offline || (query.isError && query.error instanceof NetworkError));
  return { pages, rows, table: { unreachable, waiting, rowCount: rows.length } };
}

export interface PagedTableProps extends PagedTableState {
  query: PagedQuery;
  /** data-qa prefix: `<qa>-offline`, `<qa>-loading`, `<qa>-empty`, `<qa>-table`, `<qa>-count`, `<qa>-more`. */
  qa: string;
  /** The messages: offline, loading, a failed load (first or next page), empty, "N shown". */
  offline: string;
  loading: string;
  loadFailed: string;
  empty: string;
  shown: string;
  /** The table's accessible name (its scrolling region). */
  label: string;
  /** Positions the scrolling box (the page's CSS module). */
  scrollClassName: string;
  head: ReactNode;
  rows: ReactNode;
}

export function PagedTable(props: PagedTableProps) {
  const { t } = useTranslation();
  const { query, qa } = props;
  if (props.unreachable)
    return (
      <Notice color="orange" icon={<OfflineIcon />} qa={`${qa}-offline`}>
        {props.offline}
      </Notice>
    );
  if (props.waiting)
    return <QueryWaiting query={query} qa={qa} loading={props.loading} error={() => props.loadFailed} />;
  if (props.rowCount === 0)
    return (
      <Notice color="gray" icon={<InfoIcon />} qa={`${qa}-empty`}>
        {props.empty}
      </Notice>
    );
  return (
    <>
      <Table.ScrollContainer
        minWidth={720}
        className={props.scrollClassName}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={props.label}
      >
        <Table striped verticalSpacing="xs" data-qa={`${qa}-table`}>
          <Table.Thead>{props.head}</Table.Thead>
          <Table.Tbody>{props.rows}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-qa={`${qa}-count`}>
          {props.shown}
        </Text>
        {query.hasNextPage && (
          <Button
            variant="default"
            className={listPage.touch}
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-qa={`${qa}-more`}
          >
            {t('show-more')}
          </Button>
        )}
      </Group>
      {query.isFetchNextPageError && (
        <RetryAlert
          message={props.loadFailed}
          onRetry={() => void query.fetchNextPage()}
          retrying={query.isFetchingNextPage}
          qa={`${qa}-more-error`}
        />
      )}
    </>
  );
}
