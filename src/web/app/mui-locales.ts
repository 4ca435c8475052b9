import { frFR as coreFr, enUS as coreEn } from '@mui/material/locale';
import type { Lang } from '../../contract/enums.js';

/**
 * What MUI writes in the UI language: core components (Autocomplete's "Open", the lists'
 * pagination). The date pickers take theirs where they are drawn (components/form/date-input), the
 * charts too (charts-localized): neither is loaded before a page shows one.
 * A module of its own: MUI's French builds a number formatter as it loads (the browser's first
 * Intl object, a long piece of work on a phone), a step of the start-up by itself (main.tsx).
 */
export const MUI_LOCALES = { fr: coreFr, en: coreEn } as const satisfies Record<Lang, object>;
