import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  ancestorNames,
  checkGradingCeiling,
  chooseGrade,
  clearGrade,
  countGradings,
  type FrameworkIndex,
  type FrameworkItem,
  type GradeContext,
  gradingCounts,
  gradingProblem,
  isGradeChosen,
  searchStatements,
} from '@nursery/domain/frameworks';
import { memo, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradeChoice, gradeKindOf } from '../../../components/GradeChoice';
import { ChevronDownIcon, ChevronRightIcon, InfoIcon } from '../../../components/icons';
import type { GradingValue } from '../form/eventsPart';
import type { PanelProps } from '../panelProps';
import { frameworksForType, isEarlyLearningGoal, withGrading } from './frameworkTree';

/** Search results shown at once: enough to find a statement, few enough for a tablet. */
const SEARCH_RESULTS_SHOWN = 50;

type ChangeGrading = (itemID: string, change: (g: GradingValue) => GradingValue) => void;

interface RowContext {
  index: FrameworkIndex;
  editable: boolean;
  change: ChangeGrading;
  onHelp: (item: FrameworkItem) => void;
}

/**
 * Gradings against the frameworks that have a scheme for the event type (spec 000 §2, §5): one
 * collapsible section per framework with its item tree and a search; only statements (or leaves) are
 * gradable. Sections render their content only while open, and tree branches only while expanded.
 */
export function GradingsPanel(props: PanelProps) {
  const { form, update, type, editable, frameworks } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const indexes = useMemo(() => frameworksForType(frameworks, type.id), [frameworks, type.id]);
  const [open, setOpen] = useState<string[]>([]);
  const [helpItem, setHelpItem] = useState<FrameworkItem | null>(null);

  const gradings = useMemo(() => Object.values(form.values), [form.values]);
  const count = countGradings(gradings);
  const ceiling = checkGradingCeiling(count);

  const change = useCallback<ChangeGrading>(
    (itemID, fn) => update((f) => ({ ...f, values: withGrading(f.values, itemID, fn) })),
    [update],
  );

  if (frameworks === undefined) {
    return (
      <Group gap="xs" data-qa="gradings-loading">
        <Loader size="xs" />
        <Text size="sm">{t('gradings-loading')}</Text>
      </Group>
    );
  }
  if (indexes.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-qa="gradings-panel">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h4" id={headingId}>
          {t('gradings-title')}
        </Title>
        <Badge variant="light" size="lg" data-qa="gradings-count" data-count={count}>
          {t('gradings-count', { count })}
        </Badge>
      </Group>
      {ceiling && (
        <Alert color="red" variant="light" role="alert" data-qa="gradings-ceiling">
          {ceiling}
        </Alert>
      )}
      {!editable && (
        <Text size="sm" c="dimmed" data-qa="gradings-read-only">
          {t('gradings-read-only')}
        </Text>
      )}
      <Accordion
        multiple
        value={open}
        onChange={setOpen}
        variant="separated"
        keepMounted={false}
        transitionDuration={150}
        order={4}
      >
        {indexes.map((index) => {
          const id = index.framework.id;
          const graded = gradedIn(index, form.values);
          const problems = graded.filter((g) => gradingProblem(g, index.scheme) !== null).length;
          return (
            <Accordion.Item key={id} value={id} data-qa="gradings-framework" data-framework-id={id}>
              <Accordion.Control data-qa="gradings-framework-toggle">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{index.framework.name}</Text>
                  {graded.length > 0 && (
                    <Badge variant="light" color="teal" data-qa="gradings-framework-count">
                      {t('gradings-framework-count', { count: graded.length })}
                    </Badge>
                  )}
                  {problems > 0 && (
                    <Badge variant="filled" color="red" data-qa="gradings-framework-problems">
                      {problems}
                    </Badge>
                  )}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {open.includes(id) && (
                  <FrameworkSection
                    index={index}
                    values={form.values}
                    editable={editable}
                    change={change}
                    onHelp={setHelpItem}
                  />
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      <Modal
        opened={helpItem !== null}
        onClose={() => setHelpItem(null)}
        title={t('gradings-more-information-title')}
        data-qa="more-information-dialog"
        size="lg"
      >
        {helpItem && (
          <Stack gap="sm">
            <Text fw={600} data-qa="more-information-item">
              {helpItem.name}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-qa="more-information-text">
              {helpItem.helpText?.trim() || t('gradings-no-help-text')}
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => setHelpItem(null)} data-qa="more-information-close">
                {t('gradings-close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** The form's gradings that belong to this framework's gradable items, in tree order. */
function gradedIn(index: FrameworkIndex, values: Record<string, GradingValue>): GradingValue[] {
  const out: GradingValue[] = [];
  for (const [itemID, g] of Object.entries(values)) if (index.byID.has(itemID)) out.push(g);
  return out;
}

function FrameworkSection(
  props: RowContext & {
    values: Record<string, GradingValue>;
  },
) {
  const { index, values } = props;
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => searchStatements(index, deferred, null), [index, deferred]);
  const graded = index.framework.items.filter((i) => values[i.id] !== undefined);
  const ctx: RowContext = {
    index: props.index,
    editable: props.editable,
    change: props.change,
    onHelp: props.onHelp,
  };

  return (
    <Stack gap="sm" data-qa="gradings-framework-body">
      <TextInput
        type="search"
        label={t('gradings-search-label', { framework: index.framework.name })}
        placeholder={t('gradings-search-placeholder')}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-qa="gradings-search"
      />
      {graded.length > 0 && deferred.trim() === '' && (
        <Stack gap={4} data-qa="gradings-graded">
          <Text size="sm" fw={600} c="dimmed">
            {t('gradings-graded-heading')}
          </Text>
          {graded.map((item) => (
            <GradingRow key={item.id} {...ctx} item={item} value={values[item.id]} withPath />
          ))}
        </Stack>
      )}
      {deferred.trim() !== '' ? (
        <Stack gap={4} data-qa="gradings-search-results" aria-live="polite">
          {matches.length === 0 && (
            <Text size="sm" c="dimmed" data-qa="gradings-search-none">
              {t('gradings-search-none', { query: deferred.trim() })}
            </Text>
          )}
          {matches.slice(0, SEARCH_RESULTS_SHOWN).map((item) => (
            <GradingRow key={item.id} {...ctx} item={item} value={values[item.id]} withPath />
          ))}
          {matches.length > SEARCH_RESULTS_SHOWN && (
            <Text size="sm" c="dimmed" data-qa="gradings-search-more">
              {t('gradings-search-more', { shown: String(SEARCH_RESULTS_SHOWN), count: matches.length })}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap={2} data-qa="gradings-tree">
          <Text size="sm" fw={600} c="dimmed">
            {t('gradings-browse-heading')}
          </Text>
          {index.areas.map((item) => (
            <TreeNode key={item.id} {...ctx} item={item} values={values} level={0} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TreeNode(
  props: RowContext & { item: FrameworkItem; values: Record<string, GradingValue>; level: number },
) {
  const { index, item, values, level, onHelp, editable, change } = props;
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  if (index.statementIDs.has(item.id)) {
    return (
      <GradingRow
        index={index}
        editable={editable}
        change={change}
        onHelp={onHelp}
        item={item}
        value={values[item.id]}
      />
    );
  }
  const children = index.childrenOf.get(item.id) ?? [];
  let graded = 0;
  for (const id in values) if (id.startsWith(item.id)) graded += 1;
  const elg = isEarlyLearningGoal(index.framework, item);
  return (
    <div data-qa="gradings-node" data-item-id={item.id} style={{ marginLeft: level === 0 ? 0 : 12 }}>
      <Group gap={4} wrap="nowrap" align="center">
        <UnstyledButton
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-label={t(expanded ? 'gradings-collapse' : 'gradings-expand', { name: item.name })}
          data-qa="gradings-node-toggle"
          style={{ flex: 1, minHeight: 44, display: 'flex', alignItems: 'center', gap: 6, borderRadius: 4 }}
        >
          {expanded ? <ChevronDownIcon size={18} /> : <ChevronRightIcon size={18} />}
          <Text fw={level === 0 ? 600 : 500} size="sm" component="span">
            {item.name}
          </Text>
          {graded > 0 && (
            <Badge size="sm" variant="light" color="teal" component="span">
              {graded}
            </Badge>
          )}
        </UnstyledButton>
        {elg && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<InfoIcon size={16} />}
            onClick={() => onHelp(item)}
            aria-label={`${t('gradings-more-information')}: ${item.name}`}
            data-qa="more-information"
          >
            {t('gradings-more-information')}
          </Button>
        )}
      </Group>
      {expanded && (
        <Stack gap={2} id={panelId} mt={2} style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          {children.map((child) => (
            <TreeNode key={child.id} {...props} item={child} level={level + 1} />
          ))}
        </Stack>
      )}
    </div>
  );
}

interface GradingRowProps extends RowContext {
  item: FrameworkItem;
  value: GradingValue | undefined;
  /** Show where the item sits (search results and the graded list). */
  withPath?: boolean;
}

const GradingRow = memo(function GradingRow(props: GradingRowProps) {
  const { index, item, value, editable, change, withPath } = props;
  const { t } = useTranslation();
  const nameId = useId();
  const scheme = index.scheme;
  const problem = value ? gradingProblem(value, scheme) : null;
  // A new grade takes the statement's own range; the scheme's value 2 is a value like any other here.
  const ctx: GradeContext = {
    allowAgeRange: scheme.allowAgeRange,
    ageRangeID: item.ageRangeID,
    bestFitAsRange: false,
  };
  const select = (gradeValue: number | null) =>
    change(item.id, (g) => (gradeValue === null ? clearGrade(g, ctx) : chooseGrade(g, gradeValue, ctx)));
  const path = withPath ? ancestorNames(index, item).join(' › ') : '';
  const showDetails = value !== undefined && gradingCounts(value);

  return (
    <div
      data-qa="grading-row"
      data-item-id={item.id}
      data-graded={value?.value ?? ''}
      style={{
        padding: '6px 8px',
        marginLeft: withPath ? 0 : 12,
        borderRadius: 6,
        background: showDetails ? 'var(--mantine-color-gray-0)' : undefined,
      }}
    >
      <Group gap="sm" wrap="wrap" justify="space-between" align="center">
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          {path && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {path}
            </Text>
          )}
          <Text size="sm" id={nameId} data-qa="grading-item-name">
            {item.name}
          </Text>
        </div>
        <GradeChoice
          kind={gradeKindOf(scheme.template)}
          grades={scheme.grades}
          chosen={(gradeValue) => value !== undefined && isGradeChosen(value, gradeValue, false)}
          onChoose={(gradeValue) => select(gradeValue)}
          onClear={() => select(null)}
          disabled={!editable}
          label={t('gradings-grade-label', { item: item.name })}
          describedBy={nameId}
          look="form"
        />
      </Group>
      {showDetails && (scheme.allowAgeRange || scheme.allowNotes) && (
        <Group gap="sm" mt={6} align="flex-start" wrap="wrap">
          {scheme.allowAgeRange && (
            <Select
              label={t('gradings-age-range-label')}
              placeholder={t('gradings-age-range-placeholder')}
              data={index.framework.ageRanges.map((a) => ({ value: String(a.id), label: a.name }))}
              value={value?.ageRangeID == null ? null : String(value.ageRangeID)}
              onChange={(v) => change(item.id, (g) => ({ ...g, ageRangeID: v === null ? null : Number(v) }))}
              clearable
              clearButtonProps={{
                'aria-label': t('gradings-age-range-clear', { item: item.name }),
                // @ts-expect-error data attributes pass through to the button
                'data-qa': 'grading-age-range-clear',
              }}
              disabled={!editable}
              size="sm"
              w={200}
              error={problem === 'grading-needs-age-range'}
              aria-describedby={nameId}
              data-qa="grading-age-range"
            />
          )}
          {scheme.allowNotes && (
            <Textarea
              label={t('gradings-notes-label')}
              value={value?.notes ?? ''}
              onChange={(e) => {
                const notes = e.currentTarget.value;
                change(item.id, (g) => ({ ...g, notes: notes === '' ? null : notes }));
              }}
              readOnly={!editable}
              autosize
              minRows={1}
              maxRows={4}
              size="sm"
              style={{ flex: '1 1 220px' }}
              aria-describedby={nameId}
              data-qa="grading-notes"
            />
          )}
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert" mt={4} data-qa="grading-problem" data-problem={problem}>
          {t(problem)}
        </Text>
      )}
    </div>
  );
});
