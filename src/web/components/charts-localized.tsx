import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { enUS, frFR } from '@mui/x-charts/locales';
import type { ReactNode } from 'react';
import { currentLang } from '../lib/i18n.js';

/** The charts' own words ("No data", "Loading…") in the UI language; only pages with a chart load them. */
export function ChartsLocalized({ children }: { children: ReactNode }) {
  const locale = currentLang() === 'en' ? enUS : frFR;
  return (
    <ChartsLocalizationProvider localeText={locale.components.MuiChartsLocalizationProvider.defaultProps.localeText}>
      {children}
    </ChartsLocalizationProvider>
  );
}
