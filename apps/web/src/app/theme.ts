import { createTheme, em } from '@mantine/core';

/**
 * Screen breakpoints of spec section 9 (xs 720, sm 1200, md 1500, lg 1880, xl 2100 px), in em as Mantine
 * expects them. `hiddenFrom`/`visibleFrom` and the AppShell burger follow these.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 7,
  autoContrast: true,
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: {
    xs: em(720),
    sm: em(1200),
    md: em(1500),
    lg: em(1880),
    xl: em(2100),
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});
