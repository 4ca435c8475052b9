import { enUS, frFR } from '@mui/x-data-grid/locales';
import type { Lang } from '../../contract/enums.js';

/**
 * The data grids' own words ("Rows per page", "1–20 of 41", "Sort"...) in the UI language. Kept
 * out of the app shell: only the pages with a grid load them.
 */
export const gridLocaleText = (lang: Lang) => (lang === 'en' ? enUS : frFR).components.MuiDataGrid.defaultProps.localeText;
