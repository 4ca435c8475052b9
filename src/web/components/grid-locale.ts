import { enUS, frFR } from '@mui/x-data-grid/locales';
import type { Lang } from '../../contract/enums.js';

/**
 * The data grids' own words ("Rows per page", "1–20 of 41", "Sort"...) in the UI language. Kept
 * out of the app shell: only the pages with a grid load them.
 */
const LOCALES = { fr: frFR, en: enUS } satisfies Record<Lang, unknown>;
export const gridLocaleText = (lang: Lang) => LOCALES[lang].components.MuiDataGrid.defaultProps.localeText;
