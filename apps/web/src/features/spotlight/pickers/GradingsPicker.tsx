import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  ancestorNames,
  checkGradingCeiling,
  countGradings,
  type FrameworkAgeRange,
  type FrameworkIndex,
  type FrameworkItem,
  gradedUnder,
  searchStatements,
  statementsUnder,
} from '@nursery/domain/frameworks';
import {
  type KeyboardEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Notice } from '../../../components/Notice';
import { FrameworksState } from './FrameworksState';
import { useFavouriteFrameworks } from './favourites';
import {
  defaultFrameworkID,
  orderWithFavourites,
  type PickerGrading,
  pickerGrades,
  type SpotlightEventType,
  showsFavourites,
  toggleFavourite,
  withPickerGrading,
} from './pickerModel';
import classes from './pickers.module.css';
import { type ChangeGrading, rangeColours, StatementRow } from './StatementRow';
import { usePickerFrameworks } from './usePickerFrameworks';
import { type PickerT, usePickerT } from './usePickerT';

export interface GradingsPickerProps {
  opened: boolean;
  onClose: () => void;
  eventType: SpotlightEventType;
  value: PickerGrading[];
  onChange: (next: PickerGrading[]) => void;
  readOnly?: boolean;
}

/** Search results shown at once: enough to find a statement, few enough to render per keystroke. */
export const SEARCH_RESULTS_SHOWN = 60;

/**
 * The full-screen gradings picker (spec 001 §2 "Modals and panels", §9 "Additional grading controls"):
 * a framework select (favourites first when there are more than 3 frameworks; Development Matters by
 * default), age-range tabs, the areas on the left and the chosen area's aspects and statements on the
 * right, a search over the framework's statements, and the live count with the 255 ceiling. Controlled:
 * the editor owns the gradings.
 */
export function GradingsPicker(props: GradingsPickerProps) {
  const { opened, onClose, eventType } = props;
  const t = usePickerT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={t(
        eventType === 'snapshot' ? 'gradings-picker-title-snapshot' : 'gradings-picker-title-learningStory',
      )}
      transitionProps={{ duration: 0 }}
      data-qa="gradings-picker-modal"
    >
      {opened && <PickerBody {...props} />}
    </Modal>
  );
}

function PickerBody({ eventType, value, onChange, onClose, readOnly = false }: GradingsPickerProps) {
  const t = usePickerT();
  const { query, frameworks } = usePickerFrameworks(eventType);
  const count = countGradings(value);
  const ceiling = checkGradingCeiling(count);

  // The latest gradings for the change callback: rows stay memoised while the editor re-renders.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const change = useCallback<ChangeGrading>((itemID, fn) => {
    const { value: current, onChange: emit } = latest.current;
    emit(withPickerGrading(current, itemID, fn));
  }, []);

  return (
    <Stack gap="sm" data-qa="gradings-picker">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Badge size="lg" variant="light" data-qa="gradings-picker-count" data-count={count}>
          {t('gradings-picker-count', { count })}
        </Badge>
        <Button className={classes.control} onClick={onClose} data-qa="gradings-picker-done">
          {t('picker-done')}
        </Button>
      </Group>
      {ceiling && (
        <Notice color="red" role="alert" qa="gradings-picker-ceiling">
          {ceiling}
        </Notice>
      )}
      {readOnly && (
        <Text size="sm" c="dimmed" data-qa="gradings-picker-read-only">
          {t('picker-read-only')}
        </Text>
      )}
      <FrameworksState query={query} qa="gradings-picker">
        {frameworks.length === 0 ? (
          <Text c="dimmed" data-qa="gradings-picker-empty">
            {t('gradings-picker-no-frameworks')}
          </Text>
        ) : (
          <FrameworkBrowser frameworks={frameworks} value={value} change={change} readOnly={readOnly} t={t} />
        )}
      </FrameworksState>
    </Stack>
  );
}

interface BrowserProps {
  frameworks: FrameworkIndex[];
  value: PickerGrading[];
  change: ChangeGrading;
  readOnly: boolean;
  t: PickerT;
}

function FrameworkBrowser({ frameworks, value, change, readOnly, t }: BrowserProps) {
  const { favourites, setFavourites } = useFavouriteFrameworks();
  const [frameworkID, setFrameworkID] = useState<string>(
    () => defaultFrameworkID(frameworks.map((f) => f.framework)) ?? '',
  );
  const pf = frameworks.find((f) => f.framework.id === frameworkID) ?? frameworks[0]!;
  const withFavourites = showsFavourites(frameworks.length);

  const data = useMemo(() => {
    const option = (f: FrameworkIndex) => ({ value: f.framework.id, label: f.framework.name });
    if (!withFavourites) return frameworks.map(option);
    const { favourites: favs, others } = orderWithFavourites(
      frameworks.map((f) => ({ ...f, id: f.framework.id })),
      favourites,
    );
    return [
      ...(favs.length ? [{ group: t('gradings-picker-favourites'), items: favs.map(option) }] : []),
      { group: t('gradings-picker-all-frameworks'), items: others.map(option) },
    ];
  }, [frameworks, favourites, withFavourites, t]);

  const starred = favourites.includes(pf.framework.id);
  const toggleStar = () => {
    const next = toggleFavourite(favourites, pf.framework.id);
    setFavourites(next);
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('gradings-picker-framework')}
          data={data}
          value={pf.framework.id}
          onChange={(id) => id && setFrameworkID(id)}
          allowDeselect={false}
          searchable={frameworks.length > 8}
          size="md"
          w={320}
          data-qa="gradings-picker-framework"
        />
        {withFavourites && (
          <Button
            variant={starred ? 'filled' : 'default'}
            className={classes.control}
            aria-pressed={starred}
            aria-label={t(starred ? 'gradings-picker-favourite-remove' : 'gradings-picker-favourite-add', {
              framework: pf.framework.name,
            })}
            onClick={toggleStar}
            data-qa="gradings-picker-favourite"
          >
            {starred ? '★' : '☆'}
          </Button>
        )}
      </Group>
      <FrameworkView key={pf.framework.id} pf={pf} value={value} change={change} readOnly={readOnly} t={t} />
    </Stack>
  );
}

function FrameworkView({
  pf,
  value,
  change,
  readOnly,
  t,
}: { pf: FrameworkIndex } & Omit<BrowserProps, 'frameworks'>) {
  const [ageRangeID, setAgeRangeID] = useState<number | null>(pf.ageRanges[0]?.id ?? null);
  const [areaID, setAreaID] = useState<string | null>(pf.areas[0]?.id ?? null);
  const [query, setQuery] = useState('');
  const rangeByID = useMemo(() => new Map(pf.ageRanges.map((r) => [r.id, r])), [pf.ageRanges]);
  const grades = useMemo(() => pickerGrades(pf.scheme), [pf.scheme]);
  const gradingByItem = useMemo(() => new Map(value.map((g) => [g.itemID, g])), [value]);
  const searching = query.trim() !== '';
  const matches = useMemo(
    () => (searching ? searchStatements(pf, query, ageRangeID) : []),
    [pf, query, ageRangeID, searching],
  );
  const area = areaID === null ? undefined : pf.byID.get(areaID);

  const row = (item: FrameworkItem, path?: string) => (
    <StatementRow
      key={item.id}
      item={item}
      grading={gradingByItem.get(item.id)}
      grades={grades}
      allowAgeRange={pf.scheme.allowAgeRange}
      allowNotes={pf.scheme.allowNotes}
      tabAgeRangeID={ageRangeID}
      ageRanges={rangeByID}
      path={path}
      readOnly={readOnly}
      change={change}
    />
  );

  return (
    <Stack gap="sm">
      <div className={classes.toolbar}>
        <Stack gap="xs">
          {pf.ageRanges.length > 0 && (
            <AgeRangeTabs ranges={pf.ageRanges} value={ageRangeID} onChange={setAgeRangeID} t={t} />
          )}
          <TextInput
            type="search"
            label={t('gradings-picker-search')}
            placeholder={t('gradings-picker-search-placeholder')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            size="md"
            data-qa="gradings-picker-search"
          />
        </Stack>
      </div>
      {searching ? (
        <Stack gap={0} data-qa="gradings-picker-results" data-query={query} aria-live="polite">
          {matches.length === 0 && (
            <Text size="sm" c="dimmed" data-qa="gradings-picker-search-none">
              {t('gradings-picker-search-none', { query: query.trim() })}
            </Text>
          )}
          {matches
            .slice(0, SEARCH_RESULTS_SHOWN)
            .map((item) => row(item, ancestorNames(pf, item).join(' › ')))}
          {matches.length > SEARCH_RESULTS_SHOWN && (
            <Text size="sm" c="dimmed" mt="xs" data-qa="gradings-picker-search-more">
              {t('gradings-picker-search-more', { shown: SEARCH_RESULTS_SHOWN, count: matches.length })}
            </Text>
          )}
        </Stack>
      ) : (
        <div className={classes.layout}>
          <nav aria-label={t('gradings-picker-areas')} data-qa="gradings-picker-areas">
            <Stack gap={2}>
              {pf.areas.map((a) => {
                const graded = gradedUnder(value, a.id);
                return (
                  <UnstyledButton
                    key={a.id}
                    className={classes.areaButton}
                    aria-current={a.id === areaID}
                    onClick={() => setAreaID(a.id)}
                    data-qa="gradings-picker-area"
                    data-item-id={a.id}
                  >
                    <span>
                      {a.levelName && (
                        <Text component="span" size="xs" c="dimmed" display="block">
                          {a.levelName}
                        </Text>
                      )}
                      <Text component="span" size="sm">
                        {a.name}
                      </Text>
                    </span>
                    {graded > 0 && (
                      <Badge size="sm" variant="light" color="teal" component="span">
                        {graded}
                      </Badge>
                    )}
                  </UnstyledButton>
                );
              })}
            </Stack>
          </nav>
          {area && (
            <AreaStatements
              key={`${area.id}:${ageRangeID}`}
              pf={pf}
              area={area}
              ageRangeID={ageRangeID}
              row={row}
              t={t}
            />
          )}
        </div>
      )}
    </Stack>
  );
}

function AgeRangeTabs(props: {
  ranges: FrameworkAgeRange[];
  value: number | null;
  onChange: (id: number) => void;
  t: PickerT;
}) {
  const { ranges, value, onChange, t } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between the tabs (a radio-like group: one stop in the tab order).
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = (i + step + ranges.length) % ranges.length;
    onChange(ranges[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <Group
      gap={4}
      role="radiogroup"
      aria-label={t('gradings-picker-age-ranges')}
      data-qa="gradings-picker-age-ranges"
    >
      {ranges.map((r, i) => {
        const on = r.id === value;
        return (
          <Button
            key={r.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="radio"
            aria-checked={on}
            tabIndex={on ? 0 : -1}
            variant={on ? 'filled' : 'default'}
            className={classes.control}
            onClick={() => onChange(r.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            leftSection={
              r.shortLabel ? (
                <Text component="span" size="xs" className={classes.rangeChip} style={rangeColours(r)}>
                  {r.shortLabel}
                </Text>
              ) : undefined
            }
            data-qa="gradings-picker-age-range"
            data-age-range-id={r.id}
          >
            {r.name}
          </Button>
        );
      })}
    </Group>
  );
}

function AreaStatements(props: {
  pf: FrameworkIndex;
  area: FrameworkItem;
  ageRangeID: number | null;
  row: (item: FrameworkItem) => ReactNode;
  t: PickerT;
}) {
  const { pf, area, ageRangeID, row, t } = props;
  const children = pf.childrenOf.get(area.id) ?? [];
  const direct = statementsUnder(pf, area.id, ageRangeID).filter((s) => s.parentID === area.id);
  const allGroups = children
    .filter((c) => pf.childrenOf.has(c.id))
    .map((aspect) => ({ aspect, statements: statementsUnder(pf, aspect.id, ageRangeID) }));
  // A screenful first, the rest of the area just after the first paint (a 1,500-item framework's area
  // holds hundreds of statements): the picker shows at once and stays responsive.
  const [complete, setComplete] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setComplete(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  const groups = complete ? allGroups : firstScreenful(allGroups, direct.length);
  const none = (
    <Text size="sm" c="dimmed" data-qa="gradings-picker-no-statements">
      {t('gradings-picker-no-statements')}
    </Text>
  );
  return (
    <Stack gap="md" data-qa="gradings-picker-area-body" data-item-id={area.id}>
      <div>
        {area.levelName && (
          <Text size="xs" c="dimmed">
            {area.levelName}
          </Text>
        )}
        <Title order={3} size="h4">
          {area.name}
        </Title>
      </div>
      {direct.length > 0 && <Stack gap={0}>{direct.map((s) => row(s))}</Stack>}
      {groups.map(({ aspect, statements }) => {
        return (
          <section
            key={aspect.id}
            className={classes.aspect}
            data-qa="gradings-picker-aspect"
            data-item-id={aspect.id}
          >
            {aspect.levelName && (
              <Text size="xs" c="dimmed">
                {aspect.levelName}
              </Text>
            )}
            <Title order={4} size="h5" mb={4}>
              {aspect.name}
            </Title>
            {statements.length === 0 ? none : <Stack gap={0}>{statements.map((s) => row(s))}</Stack>}
          </section>
        );
      })}
      {direct.length === 0 && groups.length === 0 && none}
    </Stack>
  );
}

/** Rows rendered before the first paint of an area. */
const FIRST_ROWS = 12;

/** The leading aspects whose statements fill the first screen (at least one aspect). */
function firstScreenful<T extends { statements: readonly unknown[] }>(groups: T[], already: number): T[] {
  let rows = already;
  let n = 0;
  while (n < groups.length && (n === 0 || rows < FIRST_ROWS)) {
    rows += groups[n]!.statements.length;
    n += 1;
  }
  return groups.slice(0, n);
}
