import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/** Mantine's default dimmed, error and placeholder greys are below 4.5:1 on white; darken them. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
