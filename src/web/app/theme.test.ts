import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.js';

const KEYS = ['primary', 'secondary', 'warning', 'info', 'success', 'error'] as const;

describe('the theme', () => {
  it('gives each colour the light and dark shades and the text colour MUI makes of its main colour', () => {
    const derived = createTheme({ palette: Object.fromEntries(KEYS.map((k) => [k, { main: theme.palette[k].main }])) }).palette;
    for (const key of KEYS) {
      const { main, light, dark, contrastText } = theme.palette[key];
      expect({ key, main, light, dark, contrastText }).toEqual({
        key,
        main: derived[key].main,
        light: derived[key].light,
        dark: derived[key].dark,
        contrastText: derived[key].contrastText,
      });
    }
  });
});
