import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** MUI's `sm` breakpoint (600 px), as `theme.breakpoints.down('sm')` writes it: phones. */
const PHONE = '@media (max-width:599.95px)';
const TOUCH = 44;

const themeOptions: ThemeOptions = {
  // Darker status colours than MUI's defaults, so outlined chips keep a 4.5:1 contrast (WCAG AA).
  palette: {
    primary: { main: '#1b4f9c' },
    secondary: { main: '#b5432c' },
    background: { default: '#f5f7fb' },
    warning: { main: '#8a4d00' },
    info: { main: '#0a5a86' },
    success: { main: '#1d6b31' },
    error: { main: '#b3261e' },
  },
  shape: { borderRadius: 8 },
  components: {
    // On phones every touch target is at least 44 px high (WCAG 2.5.5, Apple's HIG): buttons of
    // every size, icon buttons, toggle buttons, chips that act as buttons, the app bar's menu.
    // Here, one place, rather than per component; desks keep MUI's denser sizes.
    MuiButton: { styleOverrides: { root: { [PHONE]: { minHeight: TOUCH } } } },
    MuiIconButton: { styleOverrides: { root: { [PHONE]: { minHeight: TOUCH, minWidth: TOUCH } } } },
    MuiToggleButton: { styleOverrides: { root: { [PHONE]: { minHeight: TOUCH } } } },
    MuiChip: { styleOverrides: { clickable: { [PHONE]: { minHeight: TOUCH } }, deletable: { [PHONE]: { minHeight: TOUCH } } } },
  },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
};

/** The theme with MUI's copy in the UI language, built once per language by the provider. */
export const localizedTheme = (locale: object) => createTheme(themeOptions, locale);
