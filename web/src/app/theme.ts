import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Modal: { styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});
