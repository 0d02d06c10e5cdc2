import { expect, type Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and the developers' guide: every control at least 44 × 44 CSS px. */
export const MIN_TARGET_PX = 44;

/** What counts as a control (the list). */
export const CONTROL_SELECTOR = [
  'button',
  'a[href]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="option"]',
  '[role="menuitem"]',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="slider"]',
  '[tabindex="0"]',
].join(', ');

export interface TargetOffender {
  /** A readable name: tag, data-qa / id / role and the start of its text or label. */
  what: string;
  width: number;
  height: number;
}

/**
 * Measures every visible control on the page and answers those whose hit target is smaller than
 * `min` either way. The hit target is the element's own box; for a checkbox or radio (often a small
 * or visually hidden input) also each <label> that activates it (wrapping it or naming it by `for`):
 * whichever box is largest counts, because tapping it toggles the control. Nothing else is widened.
 */
export async function smallTargets(page: Page, min = MIN_TARGET_PX): Promise<TargetOffender[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const visible = (el: Element): boolean => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        // Inside a closed <details> or a collapsed ancestor with zero size.
        return el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true });
      };
      const describe = (el: Element): string => {
        const tag = el.tagName.toLowerCase();
        const qa = el.getAttribute('data-qa');
        const role = el.getAttribute('role');
        const type = el.getAttribute('type');
        const text = (
          el.getAttribute('aria-label') ||
          (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : '') ||
          el.textContent ||
          (el instanceof HTMLInputElement ? el.value || el.placeholder : '') ||
          ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40);
        const cls = Array.from(el.classList).find((c) => c.startsWith('mantine-'));
        return [
          tag,
          type ? `[type=${type}]` : '',
          qa ? `[data-qa=${qa}]` : '',
          role ? `[role=${role}]` : '',
          !qa && cls ? `.${cls}` : '',
          text ? ` "${text}"` : '',
        ].join('');
      };
      const offenders: { what: string; width: number; height: number }[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const isToggle =
          (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) ||
          el.getAttribute('role') === 'checkbox' ||
          el.getAttribute('role') === 'radio';
        const boxes: Element[] = [el];
        if (isToggle && el instanceof HTMLInputElement && el.labels) boxes.push(...Array.from(el.labels));
        if (isToggle) {
          const wrapping = el.closest('label');
          if (wrapping) boxes.push(wrapping);
        }
        const shown = boxes.filter(visible);
        if (shown.length === 0) continue;
        let best = { width: 0, height: 0 };
        for (const box of shown) {
          const r = box.getBoundingClientRect();
          if (Math.min(r.width, r.height) > Math.min(best.width, best.height)) {
            best = { width: r.width, height: r.height };
          }
        }
        // Sub-pixel rounding (43.99 for 2.75rem) is not a smaller target.
        if (best.width + 0.05 < min || best.height + 0.05 < min) {
          offenders.push({
            what: describe(el),
            width: Math.round(best.width * 10) / 10,
            height: Math.round(best.height * 10) / 10,
          });
        }
      }
      return offenders;
    },
    { selector: CONTROL_SELECTOR, min },
  );
}

/** Fails listing every control smaller than 44 × 44 CSS px in the state `name`. */
export async function expectTouchSized(page: Page, name: string): Promise<void> {
  const offenders = await smallTargets(page);
  const lines = offenders.map((o) => `${o.what} – ${o.width}×${o.height}`);
  expect(lines, `controls below ${MIN_TARGET_PX}×${MIN_TARGET_PX} px on ${name}`).toEqual([]);
}
