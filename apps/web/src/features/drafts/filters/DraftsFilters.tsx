/**
 * The drafts list filters (spec 000 §2 "Drafts list"): children (key children first, with search),
 * status, type and sort order in a row that wraps; site, author, area of learning and the date range
 * in a "More filters" drawer; "Clear filters" back to the default.
 */
import {
  Alert,
  Button,
  Drawer,
  Group,
  Popover,
  Select,
  SimpleGrid,
  Stack,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChildPicker } from '../../../components/ChildPicker';
import { DateField } from '../../../components/DateTimeInputs';
import { useSession } from '../../auth';
import { childPhotoUrl } from '../../children';
import { useFrameworks, useSiteChildren } from '../../events';
import {
  changedFilterCount,
  type DraftsFilter,
  defaultDraftsFilter,
  MAX_FILTER_CHILDREN,
  viewableStatusIDs,
  withSite,
} from './draftsFilter';
import { useSiteStaff } from './queries';

export interface DraftsFiltersProps<F extends DraftsFilter> {
  value: F;
  onChange: (f: F) => void;
  /** What "Clear filters" goes back to; the drafts list's default when not given. */
  defaults?: F;
  /** The status may be left empty for every status (statusID 0): the events timeline. */
  anyStatus?: boolean;
  /** The sort order select (the drafts list); a timeline is always newest first. */
  withSort?: boolean;
  /** More controls at the end of the row (the timeline's room). */
  extra?: ReactNode;
}

const NEWEST = 'newest';
const OLDEST = 'oldest';

/**
 * The filter row and its "More filters" drawer. Generic in the filter so that a list adding its own
 * fields to DraftsFilter (the events timeline's room) keeps them through every change.
 */
export function DraftsFilters<F extends DraftsFilter>({
  value,
  onChange,
  defaults: givenDefaults,
  anyStatus = false,
  withSort = true,
  extra,
}: DraftsFiltersProps<F>) {
  const { t } = useTranslation();
  const session = useSession();
  const { config, sites } = session;
  const [drawerOpen, drawer] = useDisclosure(false);
  const [childrenOpen, childrenPopover] = useDisclosure(false);
  const headingId = useId();

  const draftsDefaults = useMemo(() => defaultDraftsFilter(session), [session]);
  const defaults: F = givenDefaults ?? { ...value, ...draftsDefaults };
  const changed = changedFilterCount(value, defaults);
  // Filters kept in the drawer that are set: the drawer button shows how many.
  const inDrawer =
    (value.siteID !== defaults.siteID ? 1 : 0) +
    (value.authorID !== null ? 1 : 0) +
    (value.areaID !== null ? 1 : 0) +
    (value.from !== null || value.to !== null ? 1 : 0);

  const children = useSiteChildren(value.siteID);
  const statusOptions = useMemo(() => {
    const viewable = new Set(viewableStatusIDs(config));
    return config.eventStatuses
      .filter((s) => viewable.has(s.id))
      .map((s) => ({ value: String(s.id), label: s.value }));
  }, [config]);
  const typeOptions = useMemo(
    () =>
      config.eventTypes
        .filter((ty) => ty.enabled && ty.canView)
        .map((ty) => ({ value: String(ty.id), label: ty.value })),
    [config],
  );
  const set = (change: Partial<DraftsFilter>) => onChange({ ...value, ...change });

  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-qa="drafts-filters">
      <VisuallyHidden component="h2" id={headingId}>
        {t('drafts-filters')}
      </VisuallyHidden>
      <Group gap="sm" align="flex-end" wrap="wrap" data-qa="drafts-filters-row">
        <Popover
          opened={childrenOpen}
          onChange={(o) => (o ? childrenPopover.open() : childrenPopover.close())}
          position="bottom-start"
          width={380}
          shadow="md"
          trapFocus
          returnFocus
          withinPortal
        >
          <Popover.Target>
            <Button
              variant={value.childIDs.length > 0 ? 'filled' : 'default'}
              onClick={childrenPopover.toggle}
              aria-expanded={childrenOpen}
              aria-haspopup="dialog"
              data-qa="drafts-filter-children"
            >
              {value.childIDs.length > 0
                ? t('drafts-filter-children-count', { count: value.childIDs.length })
                : t('drafts-filter-children')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown data-qa="drafts-filter-children-popover">
            <Stack gap="sm" role="dialog" aria-label={t('drafts-filter-children-title')}>
              <ChildPicker
                options={children.data ?? []}
                keyChildIDs={config.keyChildren}
                rooms={sites.find((s) => s.id === value.siteID)?.rooms}
                photoUrl={childPhotoUrl}
                selected={value.childIDs}
                onChange={(childIDs) => set({ childIDs })}
                max={MAX_FILTER_CHILDREN}
                label={t('drafts-filter-children-title')}
              />
              <Group justify="flex-end">
                {value.childIDs.length > 0 && (
                  <Button
                    variant="subtle"
                    onClick={() => set({ childIDs: [] })}
                    data-qa="drafts-filter-children-clear"
                  >
                    {t('drafts-filter-children-clear')}
                  </Button>
                )}
                <Button onClick={childrenPopover.close} data-qa="drafts-filter-children-done">
                  {t('drafts-filter-done')}
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>

        <Select
          label={t('drafts-filter-status')}
          data={statusOptions}
          value={anyStatus && value.statusID === 0 ? null : String(value.statusID)}
          onChange={(v) => (v ? set({ statusID: Number(v) }) : anyStatus && set({ statusID: 0 }))}
          allowDeselect={false}
          {...(anyStatus && {
            placeholder: t('drafts-filter-status-all'),
            clearable: true,
            clearSectionMode: 'clear' as const,
            clearButtonProps: {
              'aria-label': `${t('drafts-filter-status')}: ${t('drafts-filter-status-all')}`,
            },
          })}
          size="md"
          w={anyStatus ? 170 : 140}
          comboboxProps={{ withinPortal: true }}
          data-qa="drafts-filter-status"
        />
        <Select
          label={t('drafts-filter-type')}
          placeholder={t('drafts-filter-type-all')}
          data={typeOptions}
          value={value.typeID === null ? null : String(value.typeID)}
          onChange={(v) => set({ typeID: v ? Number(v) : null })}
          clearable
          // The 44 px clear button in place of the chevron, not over it.
          clearSectionMode="clear"
          clearButtonProps={{ 'aria-label': `${t('drafts-filter-type')}: ${t('drafts-filter-type-all')}` }}
          size="md"
          w={185}
          comboboxProps={{ withinPortal: true }}
          data-qa="drafts-filter-type"
        />
        {withSort && (
          <Select
            label={t('drafts-filter-sort')}
            data={[
              { value: NEWEST, label: t('drafts-filter-newest-first') },
              { value: OLDEST, label: t('drafts-filter-oldest-first') },
            ]}
            value={value.oldestFirst ? OLDEST : NEWEST}
            onChange={(v) => v && set({ oldestFirst: v === OLDEST })}
            allowDeselect={false}
            size="md"
            w={155}
            comboboxProps={{ withinPortal: true }}
            data-qa="drafts-filter-sort"
          />
        )}
        {extra}
        <Button
          variant={inDrawer > 0 ? 'light' : 'default'}
          onClick={drawer.open}
          aria-haspopup="dialog"
          data-qa="drafts-filter-more"
        >
          {inDrawer > 0 ? t('drafts-filter-more-count', { count: inDrawer }) : t('drafts-filter-more')}
        </Button>
        {changed > 0 && (
          <Button variant="subtle" onClick={() => onChange(defaults)} data-qa="drafts-filter-clear">
            {t('drafts-filter-clear')}
          </Button>
        )}
      </Group>

      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        position="right"
        size="md"
        title={t('drafts-filter-more')}
        closeButtonProps={{ 'aria-label': t('drafts-filter-done') }}
        data-qa="drafts-filters-drawer"
      >
        <MoreFilters value={value} onChange={onChange} sites={sites} />
        <Group justify="space-between" mt="xl">
          <Button
            variant="subtle"
            onClick={() => onChange(defaults)}
            disabled={changed === 0}
            data-qa="drafts-filter-clear-drawer"
          >
            {t('drafts-filter-clear')}
          </Button>
          <Button onClick={drawer.close} data-qa="drafts-filters-done">
            {t('drafts-filter-done')}
          </Button>
        </Group>
      </Drawer>
    </Stack>
  );
}

function MoreFilters<F extends DraftsFilter>({
  value,
  onChange,
  sites,
}: Pick<DraftsFiltersProps<F>, 'value' | 'onChange'> & { sites: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const staff = useSiteStaff(value.siteID);
  const frameworks = useFrameworks(value.siteID);
  const set = (change: Partial<DraftsFilter>) => onChange({ ...value, ...change });

  const staffOptions = useMemo(
    () => (staff.data ?? []).map((s) => ({ value: String(s.staffID), label: `${s.forename} ${s.surname}` })),
    [staff.data],
  );
  // Areas of learning: the depth-1 items of each framework, grouped by framework.
  const areaOptions = useMemo(
    () =>
      (frameworks.data?.frameworks ?? [])
        .map((fw) => ({
          group: fw.name,
          items: fw.items.filter((i) => i.depth === 1).map((i) => ({ value: i.id, label: i.name })),
        }))
        .filter((g) => g.items.length > 0),
    [frameworks.data],
  );

  const setFrom = (from: string) => {
    const f = from || null;
    // A start after the end moves the end with it: the range stays valid.
    set({ from: f, to: f && value.to && value.to < f ? f : value.to });
  };
  const setTo = (to: string) => {
    const v = to || null;
    set({ to: v, from: v && value.from && value.from > v ? v : value.from });
  };

  return (
    <Stack gap="md">
      {sites.length > 1 && (
        <Select
          label={t('drafts-filter-site')}
          data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          value={String(value.siteID)}
          onChange={(v) => v && onChange(withSite(value, Number(v)))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-qa="drafts-filter-site"
        />
      )}
      <Select
        label={t('drafts-filter-author')}
        placeholder={t('drafts-filter-author-all')}
        data={staffOptions}
        value={value.authorID === null ? null : String(value.authorID)}
        onChange={(v) => set({ authorID: v ? Number(v) : null })}
        searchable
        clearable
        // The 44 px clear button in place of the chevron, not over it.
        clearSectionMode="clear"
        clearButtonProps={{ 'aria-label': `${t('drafts-filter-author')}: ${t('drafts-filter-author-all')}` }}
        nothingFoundMessage={staff.isPending ? '…' : undefined}
        comboboxProps={{ withinPortal: true }}
        data-qa="drafts-filter-author"
      />
      {staff.isError && (
        <Alert color="red" variant="light" data-qa="drafts-filter-author-error">
          {t('drafts-filter-author-failed')}
        </Alert>
      )}
      <Select
        label={t('drafts-filter-area')}
        placeholder={t('drafts-filter-area-all')}
        data={areaOptions}
        value={value.areaID}
        onChange={(v) => set({ areaID: v })}
        searchable
        clearable
        // The 44 px clear button in place of the chevron, not over it.
        clearSectionMode="clear"
        clearButtonProps={{ 'aria-label': `${t('drafts-filter-area')}: ${t('drafts-filter-area-all')}` }}
        comboboxProps={{ withinPortal: true }}
        data-qa="drafts-filter-area"
      />
      {frameworks.isError && (
        <Alert color="red" variant="light" data-qa="drafts-filter-area-error">
          {t('drafts-filter-area-failed')}
        </Alert>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <DateField
          label={t('drafts-filter-from')}
          value={value.from ?? ''}
          onChange={setFrom}
          qa="drafts-filter-from"
        />
        <DateField
          label={t('drafts-filter-to')}
          value={value.to ?? ''}
          onChange={setTo}
          qa="drafts-filter-to"
        />
      </SimpleGrid>
      {(value.from !== null || value.to !== null) && (
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => set({ from: null, to: null })}
            data-qa="drafts-filter-clear-dates"
          >
            {t('drafts-filter-clear-dates')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
