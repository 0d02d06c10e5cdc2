/**
 * The bar shown while drafts are selected (spec 000 §2, §4, §7): "N selected", Select all, Clear
 * selection and an Actions menu with Edit and the status changes allowed for every selected event.
 * Open sleeps are closed (end time now) with the new status; other events move by the transition call.
 */
import { Button, Group, Loader, Menu, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EventStatusConfig } from '@nursery/domain/account';
import type { EventOutcome, EventSummary } from '@nursery/domain/events';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/confirmDialog';
import { now } from '../../../lib/clock';
import { useSession } from '../../auth';
import { type BulkAnswer, eventsApi } from '../../events';
import {
  allowedStatusActions,
  bulkEditHref,
  chunkIDs,
  publishAction,
  splitBulkCalls,
  summariseBulkResults,
  transitionBody,
} from './bulkActions';

interface SelectionBarProps {
  selected: EventSummary[];
  loaded: EventSummary[];
  onSelectAll: () => void;
  onClear: () => void;
  onDone: () => void;
}

/** Room kept below the page so the fixed bar never hides the last cards. */
const BAR_SPACE = '88px';

export function SelectionBar({ selected, loaded, onSelectAll, onClear, onDone }: SelectionBarProps) {
  const { t } = useTranslation();
  const { config } = useSession();
  const [busy, setBusy] = useState(false);
  const statusesLabelID = useId();

  useEffect(() => {
    const body = document.body;
    const before = body.style.paddingBottom;
    body.style.paddingBottom = BAR_SPACE;
    return () => {
      body.style.paddingBottom = before;
    };
  }, []);

  const tagOf = (typeID: number) => config.eventTypes.find((ty) => ty.id === typeID)?.tag ?? null;
  const allowed = allowedStatusActions(
    selected,
    config.eventStatuses.map((s) => s.id),
  )
    .map((id) => config.eventStatuses.find((s) => s.id === id))
    .filter((s): s is EventStatusConfig => s !== undefined);
  // Publishing is the bar's own button (with a count confirmation) when every selected event allows it.
  const publish = publishAction(allowed);
  const actions = allowed.filter((s) => s !== publish);
  const editHref = bulkEditHref(selected, tagOf);
  const selectedIDs = new Set(selected.map((e) => e.id));
  const allSelected = loaded.length > 0 && loaded.every((e) => selectedIDs.has(e.id));

  const nameOf = (id: number) => {
    const e = selected.find((x) => x.id === id);
    return e?.child ? `${e.child.forename} ${e.child.surname}` : `#${id}`;
  };

  const closeButtonProps = { 'aria-label': t('drafts-bulk-dismiss') };

  const run = async (status: EventStatusConfig) => {
    const events = [...selected];
    const ids = events.map((e) => e.id);
    const calls = splitBulkCalls(events, tagOf);
    const date2 = now().toISOString();
    const requests: { ids: number[]; call: () => Promise<BulkAnswer> }[] = [
      ...chunkIDs(calls.sleepCloseIDs).map((chunk) => ({
        ids: chunk,
        call: () => eventsApi.closeSleeps(chunk, { date2, statusID: status.id }),
      })),
      ...chunkIDs(calls.transitionIDs).map((chunk) => ({
        ids: chunk,
        call: () => eventsApi.transition(transitionBody(chunk, status.id, events)),
      })),
    ];
    setBusy(true);
    const settled = await Promise.allSettled(requests.map((r) => r.call()));
    setBusy(false);

    const answered: number[] = [];
    const outcomes: EventOutcome[] = [];
    const failures: string[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') {
        answered.push(...requests[i].ids);
        outcomes.push(...(s.value?.results ?? []));
      } else {
        failures.push(s.reason instanceof Error ? s.reason.message : String(s.reason));
      }
    });
    const summary = summariseBulkResults(
      ids.filter((id) => answered.includes(id)),
      outcomes,
      status,
      t('drafts-bulk-no-answer'),
    );
    if (summary.success) {
      notifications.show({ color: 'green', message: summary.success, autoClose: 5000, closeButtonProps });
    }
    if (summary.refused.length > 0) {
      notifications.show({
        color: 'red',
        title: t('drafts-bulk-refused-title', { count: summary.refused.length }),
        message: (
          <ul
            style={{ margin: 0, paddingInlineStart: '1.1em', color: 'var(--mantine-color-text)' }}
            data-qa="drafts-bulk-refused"
          >
            {summary.refused.map((r) => (
              <li key={r.id}>{t('drafts-bulk-refused-item', { name: nameOf(r.id), message: r.message })}</li>
            ))}
          </ul>
        ),
        autoClose: 10000,
        closeButtonProps,
      });
    }
    for (const message of [...new Set(failures)]) {
      notifications.show({
        color: 'red',
        message: t('drafts-bulk-failed', { message }),
        autoClose: 10000,
        closeButtonProps,
      });
    }
    onDone();
  };

  const confirmPublish = (status: EventStatusConfig) => {
    const count = selected.length;
    openConfirmDialog({
      title: t('drafts-publish-title'),
      body: t('drafts-publish-confirm', { count }),
      confirmLabel: t('drafts-publish-yes', { count }),
      cancelLabel: t('drafts-bulk-cancel'),
      confirmQa: 'drafts-publish-confirm',
      cancelQa: 'drafts-publish-cancel',
      danger: false,
      onConfirm: () => void run(status),
    });
  };

  const choose = (status: EventStatusConfig) => {
    if (!status.deleted) {
      void run(status);
      return;
    }
    openConfirmDialog({
      title: t('drafts-bulk-delete-title'),
      body: t('drafts-bulk-delete-confirm', { count: selected.length }),
      confirmLabel: t('drafts-bulk-delete'),
      cancelLabel: t('drafts-bulk-cancel'),
      confirmQa: 'drafts-bulk-delete-confirm',
      cancelQa: 'drafts-bulk-delete-cancel',
      onConfirm: () => void run(status),
    });
  };

  return (
    <Paper
      component="section"
      aria-label={t('drafts-selection')}
      shadow="lg"
      withBorder
      radius={0}
      px="md"
      py="sm"
      style={{
        position: 'fixed',
        bottom: 0,
        insetInlineStart: 'var(--app-shell-navbar-offset, 0rem)',
        insetInlineEnd: 0,
        zIndex: 150,
      }}
      data-qa="drafts-selection-bar"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={700} role="status" aria-live="polite" data-qa="drafts-selected-count">
          {t('drafts-selected-count', { count: selected.length })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            onClick={onSelectAll}
            disabled={allSelected || busy}
            data-qa="drafts-select-all"
          >
            {t('drafts-select-all')}
          </Button>
          <Button variant="default" onClick={onClear} disabled={busy} data-qa="drafts-clear-selection">
            {t('drafts-clear-selection')}
          </Button>
          {publish && (
            <Button
              onClick={() => confirmPublish(publish)}
              disabled={busy}
              aria-label={t('drafts-publish-label', { count: selected.length })}
              data-qa="drafts-publish"
            >
              {t('drafts-publish')}
            </Button>
          )}
          <Menu position="top-end" shadow="md" width={280} withinPortal>
            <Menu.Target>
              <Button
                variant={publish ? 'default' : 'filled'}
                disabled={busy}
                rightSection={busy ? <Loader size="xs" color={publish ? undefined : 'white'} /> : undefined}
                aria-busy={busy}
                data-qa="drafts-actions"
              >
                {busy ? t('drafts-bulk-working', { count: selected.length }) : t('drafts-actions')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-qa="drafts-actions-menu">
              <Menu.Item
                component="a"
                href={editHref ?? undefined}
                disabled={editHref === null}
                data-qa="drafts-action-edit"
              >
                <Text fz="sm" span display="block">
                  {t('drafts-action-edit')}
                </Text>
                {editHref === null && (
                  <Text fz="xs" c="dimmed" span display="block">
                    {t('drafts-action-edit-refused')}
                  </Text>
                )}
              </Menu.Item>
              <Menu.Divider role="separator" />
              {/* A menu may hold only items, groups and separators (axe aria-required-children): the
                  "Move to" heading labels a group of the status items instead of sitting loose. */}
              {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is not a menu's child; an ARIA group is */}
              <div role="group" aria-labelledby={statusesLabelID}>
                <Menu.Label id={statusesLabelID}>{t('drafts-actions-statuses')}</Menu.Label>
                {actions.map((s) => (
                  <Menu.Item
                    key={s.id}
                    // Mantine's red.6 on white is 3.3:1; red.8 passes AA (issue 13, axe color-contrast).
                    color={s.deleted ? 'red.8' : undefined}
                    onClick={() => choose(s)}
                    data-qa={`drafts-action-status-${s.id}`}
                  >
                    {s.value}
                  </Menu.Item>
                ))}
                {actions.length === 0 && (
                  <Menu.Item disabled data-qa="drafts-actions-none">
                    {t('drafts-actions-no-status')}
                  </Menu.Item>
                )}
              </div>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Paper>
  );
}
