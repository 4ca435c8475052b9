import type { Lang } from '../../contract/enums.js';
import { formatCount } from './format.js';
import { i18n, useLang } from './i18n.js';

type PageButton = 'first' | 'last' | 'next' | 'previous';

/**
 * What MUI's core components write themselves (Autocomplete's "Open", an alert's "Close", the
 * lists' pagination), in the UI language, from the app's own catalogue (app/i18n `mui`), given to
 * each component as its props where it is drawn. The theme stays the same in both languages: a
 * theme built per language made a language switch restyle every component of the page (each
 * styled component's theme-derived styles are computed per theme). MUI's `@mui/material/locale`
 * module is not used either: it builds every one of its ~90 languages, each with an
 * Intl.NumberFormat, when the app starts. The date pickers and the charts take MUI X's locale
 * text where they are drawn (components/form/date-input, charts-localized).
 */
export function muiTexts(lang: Lang) {
  const t = i18n.getFixedT(lang);
  const count = (n: number) => formatCount(n, lang);
  return {
    /** Autocomplete's own buttons and messages. */
    autocomplete: {
      clearText: t('mui.clear'),
      closeText: t('mui.close'),
      loadingText: t('mui.loading'),
      noOptionsText: t('mui.noOptions'),
      openText: t('mui.open'),
    },
    /** An Alert's close button (when it has one). */
    alert: { closeText: t('mui.close') },
    /** TablePagination's labels. */
    pagination: {
      labelRowsPerPage: t('mui.rowsPerPage'),
      labelDisplayedRows: ({ from, to, count: total }: { from: number; to: number; count: number }) =>
        total === -1
          ? t('mui.displayedRowsMore', { from: count(from), to: count(to) })
          : t('mui.displayedRows', { from: count(from), to: count(to), total: count(total) }),
      getItemAriaLabel: (type: PageButton) => t(`mui.${type}`),
    },
  };
}

/** MUI's own words in the UI language now (a component re-renders with them on a language switch). */
export const useMuiTexts = () => muiTexts(useLang());
