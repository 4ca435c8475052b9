import type { ThemeOptions } from '@mui/material/styles';
import type { Lang } from '../../contract/enums.js';
import { formatCount } from '../lib/format.js';
import { i18n } from '../lib/i18n.js';

type PageButton = 'first' | 'last' | 'next' | 'previous';

/**
 * What MUI's core components write themselves (Autocomplete's "Open", an alert's "Close", the
 * lists' pagination), in the UI language, from the app's own catalogue (app/i18n `mui`), given
 * as the theme's default props (MUI's public way to set them). MUI's `@mui/material/locale`
 * module was used before: it builds every one of its ~90 languages, each with an
 * Intl.NumberFormat, when the app starts, for the two we use. The date pickers and the charts
 * take MUI X's locale text where they are drawn (components/form/date-input, charts-localized).
 */
export function muiComponentTexts(lang: Lang): ThemeOptions {
  const t = i18n.getFixedT(lang);
  const count = (n: number) => formatCount(n, lang);
  const pageButton = (type: PageButton) => t(`mui.${type}`);
  return {
    components: {
      MuiAutocomplete: {
        defaultProps: {
          clearText: t('mui.clear'),
          closeText: t('mui.close'),
          loadingText: t('mui.loading'),
          noOptionsText: t('mui.noOptions'),
          openText: t('mui.open'),
        },
      },
      MuiAlert: { defaultProps: { closeText: t('mui.close') } },
      MuiTablePagination: {
        defaultProps: {
          labelRowsPerPage: t('mui.rowsPerPage'),
          labelDisplayedRows: ({ from, to, count: total }) =>
            total === -1
              ? t('mui.displayedRowsMore', { from: count(from), to: count(to) })
              : t('mui.displayedRows', { from: count(from), to: count(to), total: count(total) }),
          getItemAriaLabel: pageButton,
        },
      },
    },
  };
}
