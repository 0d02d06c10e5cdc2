/**
 * The Events screens' helpers over the framework reference data (FrameworksAnswer) for the gradings,
 * next-steps and assessment side panels: which frameworks grade an event type, the early-learning-goal
 * test, item names, and the form's gradings (a record by item id). The framework index, search and grade
 * rules are the one grading picker's model in the domain (`gradingPicker.ts`, shared with Spotlight).
 */
import {
  type Framework,
  type FrameworkIndex,
  type FrameworkItem,
  type FrameworkScheme,
  type FrameworksAnswer,
  indexFramework,
  withGradingIn,
} from '@nursery/domain/frameworks';
import type { GradingValue } from '../form/eventsPart';

/** The framework's scheme for an event type, if it has one. */
export function schemeFor(framework: Framework, typeID: number): FrameworkScheme | undefined {
  return framework.schemes.find((s) => s.eventTypeID === typeID);
}

/** The frameworks with a scheme for the event type, indexed, in the answer's order. */
export function frameworksForType(answer: FrameworksAnswer | undefined, typeID: number): FrameworkIndex[] {
  if (!answer) return [];
  const out: FrameworkIndex[] = [];
  for (const f of answer.frameworks) {
    const scheme = schemeFor(f, typeID);
    if (scheme) out.push(indexFramework(f, scheme));
  }
  return out;
}

/** An early learning goal: tagged ELG, or any item of a framework named after the goals. */
export function isEarlyLearningGoal(framework: Pick<Framework, 'name'>, item: FrameworkItem): boolean {
  const tag = item.tag ?? '';
  return (
    tag.toUpperCase() === 'ELG' ||
    /early learning goal/i.test(tag) ||
    /early learning goal/i.test(framework.name)
  );
}

/** Every item's name by id, across all frameworks of the answer. */
export function itemNames(answer: FrameworksAnswer | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const f of answer?.frameworks ?? []) for (const i of f.items) names.set(i.id, i.name);
  return names;
}

/** The form's gradings after a change to one item: a grading that no longer counts is dropped. */
export function withGrading(
  values: Record<string, GradingValue>,
  itemID: string,
  change: (current: GradingValue) => GradingValue,
): Record<string, GradingValue> {
  return withGradingIn(values, itemID, { itemID, ageRangeID: null, value: null, notes: null }, change);
}
