/**
 * The Big Picture bar chart (spec 001 §4, §9): horizontal bars grouped by area, one per grade, in the
 * nine-colour palette, as SVG with a title and description; its key; and the same numbers as a table
 * (for screen readers and anyone who wants the figures) behind a disclosure.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './bigPicture.module.css';
import { type ChartModel, niceMax } from './chartModel';

const WIDTH = 760;
const LABEL = 230;
const BAR = 18;
const BAR_GAP = 3;
const GROUP_GAP = 18;
const TOP = 12;
const AXIS = 28;

const clip = (name: string) => (name.length > 34 ? `${name.slice(0, 32)}…` : name);

export function BarChart({
  model,
  title,
  description,
}: {
  model: ChartModel;
  title: string;
  description: string;
}) {
  const { t } = useTranslation();
  const scaleMax = niceMax(model.max);
  const plot = WIDTH - LABEL - 40;
  const groupHeight = model.series.length * (BAR + BAR_GAP) - BAR_GAP;
  const height = TOP + model.rows.length * (groupHeight + GROUP_GAP) + AXIS;
  const x = (count: number) => LABEL + (plot * count) / scaleMax;
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1].map((f) => Math.round(scaleMax * f));
  const axisY = height - AXIS + 4;
  return (
    <Stack gap="sm">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className={classes.chart}
        role="img"
        aria-labelledby="big-picture-chart-title"
        aria-describedby="big-picture-chart-desc"
        data-qa="big-picture-chart"
      >
        <title id="big-picture-chart-title">{title}</title>
        <desc id="big-picture-chart-desc">{description}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={TOP - 4} y2={axisY} stroke="#DEE2E6" />
            <text x={x(tick)} y={axisY + 14} fontSize={12} textAnchor="middle" fill="#495057">
              {tick}
            </text>
          </g>
        ))}
        {model.rows.map((row, r) => {
          const top = TOP + r * (groupHeight + GROUP_GAP);
          return (
            <g key={row.itemID} data-qa="chart-row">
              <text
                x={LABEL - 8}
                y={top + groupHeight / 2}
                fontSize={13}
                textAnchor="end"
                dominantBaseline="central"
                fill="#212529"
              >
                {clip(row.name)}
              </text>
              {model.series.map((s, i) => {
                const y = top + i * (BAR + BAR_GAP);
                const count = row.counts[i] ?? 0;
                return (
                  <g key={s.value}>
                    <rect
                      x={LABEL}
                      y={y}
                      width={Math.max(0, x(count) - LABEL)}
                      height={BAR}
                      fill={s.colour}
                      rx={2}
                      data-qa="chart-bar"
                    >
                      <title>{`${row.name}, ${s.name}: ${count}`}</title>
                    </rect>
                    <text
                      x={x(count) + 4}
                      y={y + BAR / 2}
                      fontSize={12}
                      dominantBaseline="central"
                      fill="#212529"
                    >
                      {count}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <Group gap="md" data-qa="big-picture-legend">
        <Text fw={700} size="sm">
          {t('big-picture-legend')}
        </Text>
        {model.series.map((s) => (
          <Group key={s.value} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ background: s.colour }} aria-hidden="true" />
            <Text size="sm">{s.name}</Text>
          </Group>
        ))}
      </Group>
      <details className={classes.printHide}>
        <summary style={{ minHeight: 44, display: 'flex', alignItems: 'center', cursor: 'pointer' }}>
          {t('big-picture-table')}
        </summary>
        <Table striped withTableBorder data-qa="big-picture-chart-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('big-picture-table-item')}</Table.Th>
              {model.series.map((s) => (
                <Table.Th key={s.value}>{s.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.rows.map((row) => (
              <Table.Tr key={row.itemID}>
                <Table.Td>{row.name}</Table.Td>
                {row.counts.map((count, i) => (
                  <Table.Td key={model.series[i]!.value}>{count}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </Stack>
  );
}
