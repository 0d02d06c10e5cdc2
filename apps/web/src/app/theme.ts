import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';
import { translateKey } from '../lib/i18n';

// A calm green that keeps white text above 4.5:1 from shade 7 up (WCAG AA on buttons and links).
const nurseryGreen: MantineColorsTuple = [
  '#e9f8f1',
  '#d6eee2',
  '#aedbc5',
  '#82c7a6',
  '#5db68b',
  '#44ab7a',
  '#36a571',
  '#1f7a52',
  '#1a6a47',
  '#0b5233',
];

/**
 * The smallest touch target (WCAG 2.5.5; issue 13 "every control at least 44 × 44 CSS px"). Mantine's
 * controls size themselves from per-size CSS variables (`--button-height-sm`, `--ai-size-xs`, ...);
 * the theme sets every size below this to this (inline, on the component's root, so it wins over
 * Mantine's stylesheet whatever order the CSS loads in). Larger sizes stay as they are.
 */
export const TOUCH_TARGET = '2.75rem';

const SMALL_SIZES = ['xs', 'sm', 'md'] as const;

/** `{ '--{prefix}-xs': 44px, '--{prefix}-sm': 44px, ... }` for the given sizes. */
function touchSized(prefix: string, sizes: readonly string[] = SMALL_SIZES): Record<string, string> {
  return Object.fromEntries(sizes.map((s) => [`--${prefix}-${s}`, TOUCH_TARGET]));
}

/** A row-shaped target (menu items, options, tabs): at least 44 px high, its content centred. */
const touchRow = { minHeight: TOUCH_TARGET, display: 'flex', alignItems: 'center' } as const;

/**
 * A red button at the primary shade (red 7 under white text, or red text on white) measures 3.3–3.6:1
 * (issue 27): red 9 keeps 4.5:1 or more, filled or as text.
 */
function dangerButton(variant: string | undefined): Record<string, string> {
  if (!variant || variant === 'filled')
    return { '--button-bg': 'var(--mantine-color-red-9)', '--button-hover': '#a51d1d' };
  if (variant === 'outline')
    return {
      '--button-color': 'var(--mantine-color-red-9)',
      '--button-bd': '1px solid var(--mantine-color-red-9)',
    };
  return { '--button-color': 'var(--mantine-color-red-9)' };
}

export const theme = createTheme({
  primaryColor: 'nursery',
  primaryShade: { light: 7, dark: 5 },
  colors: { nursery: nurseryGreen },
  autoContrast: true,
  defaultRadius: 'md',
  // Shared tablets are used at arm's length by people on the move: a slightly larger base size.
  fontSizes: { md: '1.0625rem' },
  focusRing: 'auto',
  headings: { fontWeight: '700' },
  components: {
    Button: {
      defaultProps: { size: 'md' },
      vars: (_theme: unknown, props: { color?: string; variant?: string }) => ({
        root: {
          ...touchSized('button-height'),
          ...touchSized('button-height-compact', ['xs', 'sm', 'md', 'lg', 'xl']),
          ...(props.color === 'red' ? dangerButton(props.variant) : {}),
        },
      }),
    },
    ActionIcon: {
      vars: () => ({
        root: { ...touchSized('ai-size', ['xs', 'sm', 'md', 'lg']), ...touchSized('ai-size-input') },
      }),
    },
    CloseButton: {
      vars: () => ({ root: touchSized('cb-size', ['xs', 'sm', 'md', 'lg']) }),
    },
    // The clear (×) button of a Select or other input is a CloseButton under its own name.
    InputClearButton: {
      vars: () => ({ root: touchSized('cb-size', ['xs', 'sm', 'md', 'lg']) }),
    },
    // Every input (TextInput, Select, DatePickerInput, NumberInput, ...) is an Input inside.
    Input: { vars: () => ({ wrapper: touchSized('input-height') }) },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Chip: {
      vars: () => ({ root: touchSized('chip-size', ['xs', 'sm', 'md', 'lg', 'xl']) }),
    },
    Pagination: {
      vars: () => ({
        root: {
          ...touchSized('pagination-control-size', ['xs', 'sm', 'md', 'lg']),
          ...touchSized('pagination-control-size-input'),
        },
      }),
    },
    // A checkbox, radio or switch is tapped through its label: the label is the 44 px high target.
    Checkbox: {
      styles: { body: { alignItems: 'center' }, label: { ...touchRow, cursor: 'pointer' } },
    },
    Radio: {
      styles: { body: { alignItems: 'center' }, label: { ...touchRow, cursor: 'pointer' } },
    },
    Switch: {
      styles: { body: { alignItems: 'center' }, label: { ...touchRow, cursor: 'pointer' } },
    },
    Tabs: { styles: { tab: { minHeight: TOUCH_TARGET } } },
    SegmentedControl: {
      styles: { label: { ...touchRow, justifyContent: 'center' } },
    },
    // No focus placeholder: it is a focusable role="presentation" div inside role="menu", which axe
    // reports as a child a menu may not have (aria-required-children). Focus goes to the first item.
    Menu: {
      defaultProps: { withInitialFocusPlaceholder: false },
      styles: { item: { minHeight: TOUCH_TARGET } },
    },
    Burger: { styles: { root: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } } },
    NavLink: { styles: { root: { minHeight: TOUCH_TARGET } } },
    // Every dialog's, drawer's, notification's and alert's close button has a name (issue 13: axe
    // button-name). Resolved at render (a function), when the strings are loaded; a component's own
    // label (e.g. "Close the preview") still wins.
    // Mantine renders a dialog's title bar as <header> inside <section role="dialog">, which is a
    // second banner landmark beside the app's (axe landmark-no-duplicate-banner): role none drops it.
    Modal: {
      defaultProps: () => ({
        closeButtonProps: { 'aria-label': translateKey('close') },
        attributes: { header: { role: 'none' } },
      }),
    },
    Drawer: {
      defaultProps: () => ({
        closeButtonProps: { 'aria-label': translateKey('close') },
        attributes: { header: { role: 'none' } },
      }),
    },
    Notification: {
      defaultProps: () => ({ closeButtonProps: { 'aria-label': translateKey('dismiss') } }),
    },
    Alert: { defaultProps: () => ({ closeButtonLabel: translateKey('dismiss') }) },
  },
});

/**
 * Mantine's default dimmed, error and placeholder greys are below 4.5:1 on white; darken them. Its
 * filled red, blue and orange (shade 7) carry white text at 3.8, 4.2 and 3.0:1: a filled button in
 * those colours (Retry, Delete, Conflicts) takes a darker shade, its hover darker still. The text
 * colour stays white: autoContrast judges shade 7, which is below its threshold for all three.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a51d1d',
    '--mantine-color-blue-filled': 'var(--mantine-color-blue-8)',
    '--mantine-color-blue-filled-hover': 'var(--mantine-color-blue-9)',
    '--mantine-color-orange-filled': '#c2410c',
    '--mantine-color-orange-filled-hover': '#a3360a',
  },
  dark: {},
});
