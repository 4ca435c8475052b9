import { frFR as coreFr, enUS as coreEn } from '@mui/material/locale';
import type { Lang } from '../../contract/enums.js';

/**
 * What MUI writes in the UI language: core components (Autocomplete's "Open", the lists'
 * pagination). The date pickers take theirs where they are drawn (components/form/date-input), the
 * charts too (charts-localized): neither is loaded before a page shows one.
 */
export const MUI_LOCALES = { fr: coreFr, en: coreEn } as const satisfies Record<Lang, object>;
