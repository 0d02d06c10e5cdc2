// #/settings/meals (issue 29): the provider's meal types. The list is paged by cursor (Show more), searched
// by name as it is typed, archived ones hidden unless asked for. Each type edits in place (name, enabled,
// sort order); archiving asks first and is undone by Restore. A disabled or archived type leaves the floor's
// meal pickers. Online only: offline the page says so and keeps what was typed.
import {
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MEAL_SORT_ORDER_MAX, MEAL_TYPE_NAME_MAX, type MealTypeSummary } from '@nursery/domain/settings';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../components/confirmDialog';
import { GatedPage } from '../../components/GatedPage';
import { Notice } from '../../components/Notice';
import { ApiError } from '../../lib/api';
import { useIsOffline } from '../../lib/connectivity';
import i18n, { LANGUAGE } from '../../lib/i18n';
import { useSession } from '../auth';
import { AddByNameForm } from './AddByNameForm';
import { catalogueApi } from './catalogueApi';
import { catalogueStrings } from './catalogueStrings';
import { SettingsListStates } from './SettingsListStates';
import { nameProblem } from './siteForms';

i18n.addResources(LANGUAGE, 'translation', catalogueStrings);

const MEAL_TYPES_KEY = ['settings-meal-types'] as const;

function useProblemText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) =>
    error instanceof ApiError && error.code === 'err-meal-type-name-taken'
      ? t('err-meal-type-name-taken')
      : t('frameworks-error', { message: error instanceof Error ? error.message : String(error) });
}

export function Component() {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <GatedPage
      qa="meals"
      title={t('meals-title')}
      intro={t('meals-intro')}
      maw={900}
      allowed={can('settingsMeals')}
      noAccess={t('catalogue-no-access')}
    >
      <MealTypes />
    </GatedPage>
  );
}

function MealTypes() {
  const { t } = useTranslation();
  const offline = useIsOffline();
  const [search, setSearch] = useState('');
  const [withArchived, setWithArchived] = useState(false);
  const [term] = useDebouncedValue(search.trim(), 250);
  const query = useInfiniteQuery({
    queryKey: [...MEAL_TYPES_KEY, term, withArchived] as const,
    queryFn: ({ pageParam, signal }) =>
      catalogueApi.mealTypes(
        { search: term || undefined, archived: withArchived ? 'true' : undefined, after: pageParam },
        signal,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: !offline,
    retry: 1,
  });
  const rows = query.data?.pages.flatMap((p) => p.mealTypes) ?? [];
  const mayAdd = query.data?.pages[0]?.permittedActions.add ?? false;
  return (
    <SettingsListStates
      qa="meals"
      query={query}
      offline={offline}
      texts={{
        offline: t('meals-offline'),
        loading: t('catalogue-loading'),
        loadFailed: t('catalogue-load-failed'),
        retry: t('catalogue-retry'),
      }}
      controls={
        <Group align="flex-end">
          <TextInput
            label={t('meals-search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={MEAL_TYPE_NAME_MAX}
            data-qa="meals-search"
            style={{ flex: 1, minWidth: 200 }}
          />
          <Checkbox
            label={t('meals-show-archived')}
            checked={withArchived}
            onChange={(e) => setWithArchived(e.currentTarget.checked)}
            data-qa="meals-show-archived"
          />
        </Group>
      }
    >
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-qa="meals-empty">
          {term ? t('meals-no-match', { search: term }) : t('meals-empty')}
        </Text>
      )}
      <Stack gap="sm" data-qa="meals-list">
        {rows.map((row) => (
          <MealTypeRow key={`${row.id}-${row.archived}`} row={row} offline={offline} />
        ))}
      </Stack>
      {query.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          data-qa="meals-more"
        >
          {t('meals-more')}
        </Button>
      )}
      {mayAdd && <AddMealType offline={offline} />}
    </SettingsListStates>
  );
}

function MealTypeRow({ row, offline }: { row: MealTypeSummary; offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(row.name);
  const [enabled, setEnabled] = useState(row.enabled);
  const [sortOrder, setSortOrder] = useState<number | string>(row.sortOrder);
  const problem = nameProblem(name, MEAL_TYPE_NAME_MAX);
  const problemText = useProblemText();
  const save = useMutation({
    mutationFn: (change: { archived: boolean }) =>
      catalogueApi.updateMealType(row.id, { name, enabled, sortOrder: Number(sortOrder) || 0, ...change }),
    onSuccess: (saved, change) => {
      const message =
        change.archived === row.archived
          ? t('meals-saved', { name: saved.name })
          : t(saved.archived ? 'meals-archived-done' : 'meals-restored', { name: saved.name });
      notifications.show({ color: 'green', message });
      return queryClient.invalidateQueries({ queryKey: MEAL_TYPES_KEY });
    },
  });
  const dirty = name.trim() !== row.name || enabled !== row.enabled || Number(sortOrder) !== row.sortOrder;
  return (
    <Paper withBorder p="md" data-qa="meals-row" data-name={row.name}>
      <Stack gap="sm">
        <Group gap="sm">
          <Text fw={600}>{row.name}</Text>
          <Text c="dimmed" size="sm">
            {t('meals-meal-count', { count: row.mealCount })}
          </Text>
          {row.archived && <Badge color="gray">{t('meals-archived')}</Badge>}
          {!row.archived && !row.enabled && <Badge color="yellow">{t('meals-disabled')}</Badge>}
        </Group>
        {row.permittedActions.edit && (
          <Group align="flex-start">
            <TextInput
              label={t('meals-name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={problem}
              data-qa="meals-row-name"
              style={{ flex: 1, minWidth: 200 }}
            />
            <NumberInput
              label={t('meals-sort-order')}
              value={sortOrder}
              onChange={setSortOrder}
              min={0}
              max={MEAL_SORT_ORDER_MAX}
              allowDecimal={false}
              hideControls
              w={130}
              data-qa="meals-row-order"
            />
          </Group>
        )}
        {save.isError && (
          <Notice color="red" role="alert" qa="meals-problem">
            {problemText(save.error)}
          </Notice>
        )}
        <Group justify="space-between">
          {row.permittedActions.edit && (
            <Switch
              label={t('meals-enabled')}
              checked={enabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
              data-qa="meals-row-enabled"
            />
          )}
          <Group>
            {row.permittedActions.archive && (
              <Button
                variant="subtle"
                color="red"
                disabled={offline || save.isPending}
                onClick={() =>
                  openConfirmDialog({
                    title: t('meals-archive-title', { name: row.name }),
                    body: t('meals-archive-body'),
                    confirmLabel: t('meals-archive', { name: row.name }),
                    cancelLabel: t('cancel'),
                    confirmQa: 'meals-archive-confirm',
                    onConfirm: () => save.mutate({ archived: true }),
                  })
                }
                data-qa="meals-archive"
              >
                {t('meals-archive', { name: row.name })}
              </Button>
            )}
            {row.permittedActions.restore && (
              <Button
                variant="light"
                disabled={offline}
                loading={save.isPending}
                onClick={() => save.mutate({ archived: false })}
                data-qa="meals-restore"
              >
                {t('meals-restore', { name: row.name })}
              </Button>
            )}
            {row.permittedActions.edit && (
              <Button
                disabled={offline || !dirty || problem !== null}
                loading={save.isPending}
                onClick={() => save.mutate({ archived: false })}
                data-qa="meals-save"
              >
                {t('meals-save', { name: name.trim() || row.name })}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function AddMealType({ offline }: { offline: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusalText = useProblemText();
  return (
    <AddByNameForm
      qa="meals"
      title={t('meals-add-title')}
      label={t('meals-name')}
      submitLabel={t('meals-add')}
      offline={offline}
      problemOf={(name) => nameProblem(name, MEAL_TYPE_NAME_MAX)}
      refusalText={refusalText}
      nameField={{ style: { flex: 1, minWidth: 200 } }}
      add={(name) => catalogueApi.createMealType({ name, enabled: true, sortOrder: 0 })}
      onAdded={(saved) => {
        notifications.show({ color: 'green', message: t('meals-added', { name: saved.name }) });
        return queryClient.invalidateQueries({ queryKey: MEAL_TYPES_KEY });
      }}
    />
  );
}
