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

/**
 * The theme with MUI's copy in the UI language, built once per language by the provider. Not
 * built when this module loads (a start-up step: MUI's styling engine): a theme built here and
 * built again with the language was two createTheme calls at start-up (40-200 ms on a phone).
 * `vars: null`: see provider.tsx (Localized).
 */
export const localizedTheme = (locale: object) => ({ ...createTheme(themeOptions, locale), vars: null });
