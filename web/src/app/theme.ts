import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = ['#e8f0ff', '#d0defd', '#a1bbf5', '#6f95ee', '#4675e8', '#2c61e4', '#1c56e3', '#0c46ca', '#003eb6', '#0035a1'];

const fontFamily = "Inter, 'Inter var', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 5 },
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Anchor: { defaultProps: { fz: 'inherit' } },
    Button: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { radius: 'sm' } },
    // The focus placeholder is a focusable div inside role=menu, which may hold only menu items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
    // The options list scrolls natively: a ScrollArea in every select's (hidden) dropdown made each
    // select re-render several times as a screen first drew.
    Select: { defaultProps: { withScrollArea: false }, styles: { dropdown: { maxHeight: 220, overflowY: 'auto' } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/**
 * Text colours for the light colour scheme that reach WCAG AA (4.5:1) on white, on the grey-0 card
 * background and on the colour's own light tint: Mantine's shade 6 (its filled, outline, light-variant
 * and `c="red"` colour) stays between 2.2:1 (yellow) and 3.8:1 (red) on white. Shade 9, darkened
 * where even that falls short (teal, green, lime, yellow, orange).
 */
const readable: Record<string, string> = {
  gray: '#495057',
  red: '#c92a2a',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0b7285',
  teal: '#087b58',
  green: '#267937',
  lime: '#4b790b',
  yellow: '#934c00',
  orange: '#bf3f0d',
};

/** Pressed or hovered, a filled control darkens a little more, as Mantine's own shades do. */
const HOVER_DARKENING = 0.85;
const darken = (hex: string, factor: number) =>
  `#${[1, 3, 5]
    .map((start) =>
      Math.round(parseInt(hex.slice(start, start + 2), 16) * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's grey-6 dimmed text is 3.3:1 on white and its grey-5 placeholders 2.1:1.
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#666d75',
    '--mantine-color-error': readable.red!,
    ...Object.fromEntries(
      Object.entries(readable).flatMap(([color, hex]) => [
        [`--mantine-color-${color}-text`, hex],
        [`--mantine-color-${color}-filled`, hex],
        [`--mantine-color-${color}-filled-hover`, darken(hex, HOVER_DARKENING)],
        [`--mantine-color-${color}-light-color`, hex],
        [`--mantine-color-${color}-outline`, hex],
      ]),
    ),
  },
  dark: {},
});

/**
 * The settings of every MantineProvider of the portal. The theme's CSS variables are in the
 * portal's stylesheet, written by the build (theme-variables.ts): the provider writes none.
 */
export const mantineProviderProps = { theme, withCssVariables: false, defaultColorScheme: 'light' } as const;
