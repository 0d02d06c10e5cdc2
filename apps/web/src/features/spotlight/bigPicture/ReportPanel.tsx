/**
 * The Big Picture report (spec 001 §2, §4, §8): before the first Filter the begin message; then loading,
 * the error with Retry (offline says so), no children, no gradings, or the report: the wheel (Birth to 5,
 * Development Matters) with its key, drill in and Back, professional judgement mode and its modal, or the
 * bar chart; and Download, Print and Cancel (which asks first when there are judgements).
 */
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { formatDate } from '@nursery/domain/common';
import type { Framework } from '@nursery/domain/frameworks';
import {
  type BigPictureFilter,
  type BigPictureReport,
  bigPictureReportKind,
} from '@nursery/domain/spotlight';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingLine, RetryAlert } from '../../../components/QueryState';
import { isApiError } from '../../../lib/api';
import { BarChart } from './BarChart';
import classes from './bigPicture.module.css';
import { chartModel } from './chartModel';
import { JudgementModal, type JudgementTarget } from './JudgementModal';
import { WheelLegend } from './Legend';
import { judgementIndex, type ReportAction, type ReportState } from './reportState';
import { Wheel } from './Wheel';
import {
  aggregateSummaries,
  areaWheel,
  hasAnyGrading,
  mainWheel,
  type SummaryRow,
  schemeColours,
  segmentKey,
  type WheelSegment,
  wheelTree,
} from './wheelModel';

export interface ReportPanelProps {
  applied: BigPictureFilter | null;
  framework: Framework | null;
  eventTypeIDs: readonly number[];
  report: UseQueryResult<BigPictureReport>;
  state: ReportState;
  dispatch: (action: ReportAction) => void;
  offline: boolean;
  downloading: boolean;
  onDownload: () => void;
  onCancel: () => void;
}

export function ReportPanel(props: ReportPanelProps) {
  const { t } = useTranslation();
  const { applied, framework, report, offline } = props;
  let body: React.ReactNode;
  if (applied === null || framework === null) {
    body = (
      <Text c="dimmed" data-qa="spotlight-begin">
        {t('big-picture-begin')}
      </Text>
    );
  } else if (report.isPending) {
    body = <LoadingLine text={t('big-picture-loading')} qa="big-picture-loading" />;
  } else if (report.isError) {
    const offlineError = offline && !isApiError(report.error);
    body = (
      <RetryAlert
        message={
          offlineError ? t('big-picture-offline') : t('big-picture-failed', { message: report.error.message })
        }
        onRetry={() => report.refetch()}
        retrying={report.isFetching}
        retryQa="big-picture-retry"
        data-qa="big-picture-error"
      />
    );
  } else {
    return <LoadedReport {...props} applied={applied} framework={framework} data={report.data} />;
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-qa="big-picture-report-state">
      {body}
    </Paper>
  );
}

function LoadedReport({
  applied,
  framework,
  eventTypeIDs,
  data,
  state,
  dispatch,
  offline,
  downloading,
  onDownload,
  onCancel,
}: ReportPanelProps & { applied: BigPictureFilter; framework: Framework; data: BigPictureReport }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<JudgementTarget | null>(null);
  const kind = bigPictureReportKind(framework.id);
  const tree = useMemo(() => wheelTree(framework), [framework]);
  const rows = useMemo(
    () =>
      data.children.flatMap((c) =>
        c.gradingSummary.filter((s) => applied.eventTypes.includes(s.eventType)),
      ) as SummaryRow[],
    [data, applied.eventTypes],
  );
  const totals = useMemo(() => aggregateSummaries(tree, rows), [tree, rows]);
  const colours = useMemo(() => schemeColours(framework, eventTypeIDs), [framework, eventTypeIDs]);
  const drilled = state.drilledAreaID ? (tree.byID.get(state.drilledAreaID) ?? null) : null;
  const view = useMemo(
    () => (drilled ? areaWheel(tree, drilled.id, totals) : mainWheel(tree, totals)),
    [tree, drilled, totals],
  );
  const judgements = useMemo(() => judgementIndex(state.judgements, segmentKey), [state.judgements]);
  const chart = useMemo(
    () => (kind === 'chart' ? chartModel(tree, eventTypeIDs, rows) : null),
    [kind, tree, eventTypeIDs, rows],
  );
  const date = formatDate(applied.dateFrom);
  const empty = kind === 'wheel' ? !hasAnyGrading(totals) : rows.length === 0;
  const rangeName = (id: number | null) => framework.ageRanges.find((r) => r.id === id)?.name ?? '';
  const openJudgement = (s: WheelSegment) =>
    setTarget({
      itemID: s.item.id,
      itemName: s.item.name,
      ageRangeID: s.ageRangeID,
      rangeName: rangeName(s.ageRangeID),
      current: judgements.get(segmentKey(s.item.id, s.ageRangeID)) ?? null,
    });
  const rings = view.rings.map((r) => r.label).join(', ');

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className={classes.report}
      data-qa="big-picture-report"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz={20}>
              {drilled ? `${framework.name}: ${drilled.name}` : framework.name}
            </Title>
            <Text size="sm" c="dimmed" data-qa="big-picture-summary">
              {t('big-picture-summary', {
                children: String(data.children.length),
                framework: framework.name,
                date,
              })}
            </Text>
          </Stack>
          <Group gap="xs" className={classes.printHide}>
            <Button
              variant="default"
              mih={44}
              onClick={onDownload}
              disabled={offline || downloading}
              loading={downloading}
              title={offline ? t('big-picture-download-offline') : undefined}
              data-qa="big-picture-download"
            >
              {t('big-picture-download')}
            </Button>
            <Button variant="default" mih={44} onClick={() => window.print()} data-qa="big-picture-print">
              {t('big-picture-print')}
            </Button>
            <Button variant="subtle" color="red" mih={44} onClick={onCancel} data-qa="big-picture-cancel">
              {t('big-picture-cancel')}
            </Button>
          </Group>
        </Group>
        {data.children.length === 0 ? (
          <Alert color="gray" variant="light" data-qa="big-picture-empty">
            {t('big-picture-no-children')}
          </Alert>
        ) : empty && state.judgements.length === 0 ? (
          <Alert color="gray" variant="light" data-qa="big-picture-empty">
            {t('big-picture-no-gradings', { date })}
          </Alert>
        ) : null}
        {kind === 'wheel' && data.children.length > 0 && (!empty || state.judgements.length > 0) && (
          <>
            <Group justify="space-between" gap="sm" className={classes.printHide}>
              {drilled ? (
                <Button
                  variant="light"
                  mih={44}
                  onClick={() => dispatch({ type: 'back' })}
                  data-qa="big-picture-back"
                >
                  ← {t('big-picture-back')}
                </Button>
              ) : (
                <span />
              )}
              <Switch
                size="lg"
                label={t('big-picture-judgement-mode')}
                checked={state.judgementMode}
                onChange={(e) => dispatch({ type: 'judgement-mode', on: e.currentTarget.checked })}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                data-qa="big-picture-judgement-mode"
              />
            </Group>
            {state.judgementMode && (
              <Text size="sm" c="dimmed" className={classes.printHide}>
                {t('big-picture-judgement-hint')}
              </Text>
            )}
            {state.judgements.length > 0 && (
              <Text size="sm" data-qa="big-picture-judgements-count">
                {t('big-picture-judgements-count', { count: state.judgements.length })}
              </Text>
            )}
            <Wheel
              view={view}
              frameworkID={framework.id}
              colours={colours}
              judgements={judgements}
              judgementMode={state.judgementMode}
              areaName={drilled?.name ?? null}
              title={
                drilled
                  ? t('big-picture-wheel-area', { framework: framework.name, area: drilled.name })
                  : t('big-picture-wheel', { framework: framework.name })
              }
              description={
                drilled
                  ? t('big-picture-wheel-area-desc', { rings })
                  : t('big-picture-wheel-desc', { rings, level: t('big-picture-level-aspects') })
              }
              onDrill={drilled ? undefined : (areaID) => dispatch({ type: 'drill', areaID })}
              onJudge={openJudgement}
            />
            <WheelLegend
              frameworkID={framework.id}
              colours={colours}
              sectors={view.sectors}
              drilled={drilled !== null}
              onDrill={(areaID) => dispatch({ type: 'drill', areaID })}
            />
          </>
        )}
        {chart && !empty && (
          <BarChart
            model={chart}
            title={t('big-picture-chart', { framework: framework.name })}
            description={t('big-picture-chart-desc', { level: t('big-picture-level-areas') })}
          />
        )}
      </Stack>
      {target && (
        <JudgementModal
          target={target}
          frameworkID={framework.id}
          onClose={() => setTarget(null)}
          onSave={(grade) => {
            dispatch({ type: 'save-judgement', itemID: target.itemID, ageRangeID: target.ageRangeID, grade });
            setTarget(null);
          }}
          onClear={() => {
            dispatch({ type: 'clear-judgement', itemID: target.itemID, ageRangeID: target.ageRangeID });
            setTarget(null);
          }}
        />
      )}
    </Paper>
  );
}
