import type { EventsProblem } from '../form/eventsPart';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A failed save brings the first problem into view and focuses its control (issue 13: the summary
 * can be far above the save bar); the summary alert when the field has no control on screen.
 */
export function focusProblem(problem: EventsProblem) {
  // After React has drawn the messages beside the fields.
  requestAnimationFrame(() => {
    const box = document.querySelector<HTMLElement>(`[data-problem-field="${problem.field}"]`);
    const control = box?.matches(FOCUSABLE) ? box : box?.querySelector<HTMLElement>(FOCUSABLE);
    const target = control ?? document.querySelector<HTMLElement>('[data-qa="event-problems"]');
    (box ?? target)?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  });
}
