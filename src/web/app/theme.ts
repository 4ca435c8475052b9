import { createTheme, type ThemeOptions } from '@mui/material/styles';

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
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
};

/** The theme with MUI's copy in the UI language, built once per language by the provider. */
export const localizedTheme = (locale: object) => createTheme(themeOptions, locale);
