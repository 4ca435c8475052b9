import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { enUS, frFR } from '@mui/x-charts/locales';
import type { ReactNode } from 'react';
import type { Lang } from '../../contract/enums.js';
import { useLang } from '../lib/i18n.js';

const LOCALES = { fr: frFR, en: enUS } satisfies Record<Lang, unknown>;

/** The charts' own words ("No data", "Loading…") in the UI language; only pages with a chart load them. */
export function ChartsLocalized({ children }: { children: ReactNode }) {
  const locale = LOCALES[useLang()];
  return (
    <ChartsLocalizationProvider localeText={locale.components.MuiChartsLocalizationProvider.defaultProps.localeText}>
      {children}
    </ChartsLocalizationProvider>
  );
}
