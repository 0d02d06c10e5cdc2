/**
 * The Big Picture wheel (spec 001 §4, §9) as SVG, 650 x 650: one ring per age range with a short label
 * (labelled at 12 o'clock), the areas (main wheel) or one area's aspects (drilled in) as numbered sectors,
 * the segments coloured by the domain's rule (judgement, best fit, both = purple, scheme colour, empty).
 * On the main wheel an area is a button that drills in; in professional judgement mode every segment is a
 * '+' button that opens the modal instead. Each segment says what it shows in its <title>.
 */
import type { WheelColours } from '@nursery/domain/frameworks';
import { type JudgementGrade, segmentColour } from '@nursery/domain/spotlight';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './bigPicture.module.css';
import { labelPoint, segmentPath, WHEEL_CENTRE, WHEEL_INNER_RADIUS, WHEEL_SIZE } from './wheelGeometry';
import { segmentKey, type WheelSegment, type WheelView } from './wheelModel';

export const EMPTY_SEGMENT_FILL = '#FFFFFF';
const EMPTY_STROKE = '#9AA0A6';

export interface WheelProps {
  view: WheelView;
  frameworkID: string;
  colours: WheelColours;
  judgements: ReadonlyMap<string, JudgementGrade>;
  judgementMode: boolean;
  /** The area drilled into (its name in the centre); null on the main wheel. */
  areaName: string | null;
  title: string;
  description: string;
  onDrill?: (areaID: string) => void;
  onJudge: (segment: WheelSegment) => void;
}

function onActivate(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  };
}

export const Wheel = memo(function Wheel({
  view,
  frameworkID,
  colours,
  judgements,
  judgementMode,
  areaName,
  title,
  description,
  onDrill,
  onJudge,
}: WheelProps) {
  const { t } = useTranslation();
  const outer = view.rings.at(-1)?.outer ?? WHEEL_INNER_RADIUS;
  const rangeLabel = (ring: number) => view.rings[ring]?.ageRange.name ?? '';
  const drillable = !judgementMode && onDrill !== undefined;

  const segment = (s: WheelSegment, i: number) => {
    const ring = view.rings[s.ring]!;
    const judged = judgements.get(segmentKey(s.item.id, s.ageRangeID)) ?? null;
    const fill = segmentColour(s.counts, judged, colours, { frameworkID, itemID: s.item.id });
    const state = judged
      ? t('big-picture-state-judged', { grade: t(`big-picture-grade-${judged}`) })
      : s.counts.workingTowards + s.counts.achieved + s.counts.bestFit === 0
        ? t('big-picture-state-empty')
        : t('big-picture-state-counts', {
            workingTowards: String(s.counts.workingTowards),
            achieved: String(s.counts.achieved),
            bestFit: String(s.counts.bestFit),
          });
    const label = t('big-picture-segment', { item: s.item.name, range: rangeLabel(s.ring), state });
    const path = (
      <path
        d={segmentPath(ring.inner, ring.outer, s.span)}
        fill={fill ?? EMPTY_SEGMENT_FILL}
        stroke={judged ? '#000000' : fill ? 'none' : EMPTY_STROKE}
        strokeWidth={judged ? 2.5 : 1}
        strokeDasharray={judged ? '5 3' : undefined}
        data-qa="wheel-segment"
        data-item={s.item.id}
        data-range={s.ageRangeID}
        data-fill={fill ?? 'empty'}
      >
        <title>{label}</title>
      </path>
    );
    if (!judgementMode) return <g key={i}>{path}</g>;
    const plus = labelPoint((ring.inner + ring.outer) / 2, s.span);
    const open = () => onJudge(s);
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it behaves as one.
      <g
        key={i}
        role="button"
        tabIndex={0}
        aria-label={t('big-picture-judgement-add', { item: s.item.name, range: rangeLabel(s.ring) })}
        className={classes.judgeable}
        onClick={open}
        onKeyDown={onActivate(open)}
        data-qa="wheel-judge"
      >
        {path}
        <text x={plus.x} y={plus.y} className={classes.plus}>
          +
        </text>
      </g>
    );
  };

  // Segments grouped by sector, so that an area of the main wheel is one button.
  const bySector = view.sectors.map((sector) => ({
    sector,
    segments: view.segments
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.span.start >= sector.span.start - 1e-9 && s.span.end <= sector.span.end + 1e-9),
  }));

  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG is no <fieldset>; the group names its buttons.
    <svg
      viewBox={`0 0 ${WHEEL_SIZE} ${WHEEL_SIZE}`}
      width={WHEEL_SIZE}
      height={WHEEL_SIZE}
      className={classes.wheel}
      role="group"
      aria-labelledby="big-picture-wheel-title"
      aria-describedby="big-picture-wheel-desc"
      data-qa="big-picture-wheel"
      data-drilled={areaName !== null}
    >
      <title id="big-picture-wheel-title">{title}</title>
      <desc id="big-picture-wheel-desc">{description}</desc>
      {bySector.map(({ sector, segments }, n) => {
        const content = segments.map(({ s, i }) => segment(s, i));
        if (!drillable) return <g key={sector.item.id}>{content}</g>;
        const drill = () => onDrill?.(sector.item.id);
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it behaves as one.
          <g
            key={sector.item.id}
            role="button"
            tabIndex={0}
            aria-label={t('big-picture-open-area', { area: `${n + 1} ${sector.item.name}` })}
            className={classes.drillable}
            onClick={drill}
            onKeyDown={onActivate(drill)}
            data-qa="wheel-area"
            data-item={sector.item.id}
          >
            {content}
          </g>
        );
      })}
      {bySector.map(({ sector }, n) => {
        const at = labelPoint(outer - 12, sector.span);
        return (
          <g key={`n${sector.item.id}`} className={classes.noPointer}>
            <circle cx={at.x} cy={at.y} r={11} fill="#FFFFFF" stroke="#343A40" strokeWidth={1.5} />
            <text x={at.x} y={at.y} className={classes.sectorNumber}>
              {n + 1}
            </text>
          </g>
        );
      })}
      {view.rings.map((ring) => (
        <g key={ring.ageRange.id} className={classes.noPointer}>
          <rect
            x={WHEEL_CENTRE - 16}
            y={WHEEL_CENTRE - (ring.inner + ring.outer) / 2 - 10}
            width={32}
            height={20}
            rx={6}
            fill="#FFFFFF"
            fillOpacity={0.9}
            stroke="#343A40"
          />
          <text
            x={WHEEL_CENTRE}
            y={WHEEL_CENTRE - (ring.inner + ring.outer) / 2}
            className={classes.ringLabel}
          >
            {ring.label}
          </text>
        </g>
      ))}
      <circle cx={WHEEL_CENTRE} cy={WHEEL_CENTRE} r={WHEEL_INNER_RADIUS - 4} fill="#F1F3F5" />
      {areaName !== null && (
        <text x={WHEEL_CENTRE} y={WHEEL_CENTRE} className={classes.centreLabel}>
          {areaName.length > 14 ? `${areaName.slice(0, 12)}…` : areaName}
        </text>
      )}
    </svg>
  );
});
