import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { MEAL_PORTION_AMOUNT_MAX, MEAL_SELECTOR_LIST_SIZE } from '@nursery/domain/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, InfoIcon } from '../../../components/icons';
import { QueryState } from '../../../components/QueryState';
import { SectionPanel } from '../../../components/SectionPanel';
import { newKey } from '../form/core';
import type { FormMeal } from '../form/eventsPart';
import type { PanelProps } from '../panelProps';
import {
  defaultMealTypeID,
  findMeal,
  isOutsideMealWindow,
  type MealsAnswer,
  type MealTypeInfo,
  mealWindowLabel,
  portionsOfMeal,
} from './meals';
import { useMeals } from './useMeals';

/**
 * Meal extras (spec 000 §3 meal type, meals entry; §5 meal window warning; §7 cached meals fetch; §9
 * selector size). The meal type is preselected from the event time (or the meals already recorded);
 * each meal row has a searchable meal selector showing at most 10 meals, a portion and an amount.
 */
export function MealsPanel(props: PanelProps) {
  const { site } = props;
  const { t } = useTranslation();
  const meals = useMeals(site.id);

  return (
    <SectionPanel title={t('meals-title')} qa="meals-panel">
      <QueryState
        query={meals}
        qa="meals"
        loading={t('meals-loading')}
        error={() => t('unable-to-fetch-meal-types')}
      >
        {(cached) => (
          <>
            {cached.fromStaleCache && (
              <Text size="sm" c="dimmed" data-qa="meals-stale-cache">
                {t('meals-stale-cache')}
              </Text>
            )}
            <MealEditor {...props} answer={cached.data} />
          </>
        )}
      </QueryState>
    </SectionPanel>
  );
}

function MealEditor(props: PanelProps & { answer: MealsAnswer }) {
  const { form, update, editable, answer } = props;
  const { t } = useTranslation();
  // undefined: the user has not chosen, so the type follows the event time.
  const [chosenTypeID, setChosenTypeID] = useState<number | null | undefined>(undefined);
  const [dismissedWarning, setDismissedWarning] = useState<string | null>(null);

  const types = answer.mealTypes;
  const typeID =
    chosenTypeID !== undefined
      ? chosenTypeID
      : defaultMealTypeID(
          types,
          form.time,
          form.meals.map((m) => m.mealID),
        );
  const mealType = types.find((x) => x.mealTypeID === typeID) ?? null;
  const warningKey = mealType ? `${mealType.mealTypeID}|${form.time}` : null;
  const showWarning =
    mealType !== null && isOutsideMealWindow(mealType, form.time) && dismissedWarning !== warningKey;

  const setMeal = (key: string, change: (m: FormMeal) => FormMeal) =>
    update((f) => ({ ...f, meals: f.meals.map((m) => (m.key === key ? change(m) : m)) }));
  const addMeal = () =>
    update((f) => ({
      ...f,
      meals: [...f.meals, { key: newKey('meal'), mealID: null, portionID: null, portionAmount: '' }],
    }));
  const removeMeal = (key: string) => update((f) => ({ ...f, meals: f.meals.filter((m) => m.key !== key) }));

  if (types.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-qa="meal-type-none">
        {t('meal-type-none')}
      </Text>
    );
  }

  const windowLabel = mealType ? mealWindowLabel(mealType) : null;
  return (
    <Stack gap="sm">
      <Select
        size="md"
        label={t('meal-type')}
        placeholder={t('meal-type-placeholder')}
        description={windowLabel ? t('meal-type-window', { window: windowLabel }) : undefined}
        data={types.map((x) => ({ value: String(x.mealTypeID), label: x.name }))}
        value={typeID === null ? null : String(typeID)}
        onChange={(v) => setChosenTypeID(v === null ? null : Number(v))}
        allowDeselect={false}
        disabled={!editable}
        maw={320}
        data-qa="meal-type"
      />
      {showWarning && (
        <Alert
          color="yellow"
          variant="light"
          icon={<InfoIcon />}
          withCloseButton
          closeButtonLabel={t('meal-dismiss-warning')}
          onClose={() => setDismissedWarning(warningKey)}
          data-qa="meal-outside-window"
        >
          {t('meal-outside-window')}
        </Alert>
      )}
      {form.meals.length === 0 ? (
        <Text size="sm" c="dimmed" data-qa="meal-none-added">
          {t('meal-none-added')}
        </Text>
      ) : (
        <Stack gap="xs" data-qa="meal-rows">
          {form.meals.map((m, i) => (
            <MealRow
              key={m.key}
              n={i + 1}
              meal={m}
              mealType={mealType}
              answer={answer}
              editable={editable}
              onChange={(change) => setMeal(m.key, change)}
              onRemove={() => removeMeal(m.key)}
            />
          ))}
        </Stack>
      )}
      {editable && (
        <Group>
          <Button variant="light" onClick={addMeal} disabled={mealType === null} data-qa="meal-add">
            {t('meal-add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface MealRowProps {
  n: number;
  meal: FormMeal;
  mealType: MealTypeInfo | null;
  answer: MealsAnswer;
  editable: boolean;
  onChange: (change: (m: FormMeal) => FormMeal) => void;
  onRemove: () => void;
}

function MealRow({ n, meal, mealType, answer, editable, onChange, onRemove }: MealRowProps) {
  const { t } = useTranslation();
  const chosen = findMeal(answer.mealTypes, meal.mealID);
  const offered = mealType ? mealType.meals : [];
  // A meal of another type (recorded earlier) stays selectable so the row still shows it.
  const mealData = [...offered, ...(chosen && !offered.includes(chosen) ? [chosen] : [])].map((x) => ({
    value: String(x.mealID),
    label: x.mealName,
  }));
  if (meal.mealID !== null && !chosen) {
    mealData.push({ value: String(meal.mealID), label: t('meal-unknown', { id: String(meal.mealID) }) });
  }
  const portions = portionsOfMeal(chosen, answer.portions);
  const portionData = portions.map((p) => ({ value: String(p.portionID), label: p.name }));
  if (meal.portionID !== null && !portions.some((p) => p.portionID === meal.portionID)) {
    const known = answer.portions.find((p) => p.portionID === meal.portionID);
    portionData.push({ value: String(meal.portionID), label: known?.name ?? `#${meal.portionID}` });
  }

  return (
    <Paper withBorder p="sm" radius="md" component="fieldset" data-qa={`meal-row-${n}`} m={0}>
      <Text component="legend" size="sm" fw={600} px={4}>
        {t('meal-row', { n: String(n) })}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          size="md"
          label={t('meal-meal')}
          placeholder={t('meal-meal-placeholder')}
          data={mealData}
          value={meal.mealID === null ? null : String(meal.mealID)}
          onChange={(v) => {
            const mealID = v === null ? null : Number(v);
            const next = findMeal(answer.mealTypes, mealID);
            onChange((m) => ({
              ...m,
              mealID,
              portionID:
                next && m.portionID !== null && next.portionIDs.includes(m.portionID) ? m.portionID : null,
            }));
          }}
          searchable
          limit={MEAL_SELECTOR_LIST_SIZE}
          nothingFoundMessage={t('meal-nothing-found')}
          disabled={!editable}
          w={240}
          data-qa="meal-select"
        />
        <Select
          size="md"
          label={t('meal-portion')}
          placeholder={t('meal-portion-placeholder')}
          data={portionData}
          value={meal.portionID === null ? null : String(meal.portionID)}
          onChange={(v) => onChange((m) => ({ ...m, portionID: v === null ? null : Number(v) }))}
          clearable
          disabled={!editable || portionData.length === 0}
          w={180}
          data-qa="meal-portion"
        />
        <TextInput
          label={t('meal-portion-amount')}
          placeholder={t('meal-portion-amount-placeholder')}
          value={meal.portionAmount}
          onChange={(e) => {
            const value = e.currentTarget.value.slice(0, MEAL_PORTION_AMOUNT_MAX);
            onChange((m) => ({ ...m, portionAmount: value }));
          }}
          maxLength={MEAL_PORTION_AMOUNT_MAX}
          disabled={!editable}
          w={220}
          data-qa="meal-portion-amount"
        />
        {editable && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            onClick={onRemove}
            aria-label={t('meal-remove', { n: String(n) })}
            data-qa="meal-remove"
          >
            <CloseIcon />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
