import { frFR as coreFr, enUS as coreEn } from '@mui/material/locale';
import type { Lang } from '../../contract/enums.js';

/**
 * What MUI writes in the UI language: core components (Autocomplete's "Open", the lists'
 * pagination). The date pickers take theirs where they are drawn (components/form/date-input), the
 * charts too (charts-localized): neither is loaded before a page shows one.
 * A module and a step of the start-up of its own (main.tsx). MUI's locales build their number
 * formatter on first use, not as they load (lib/lazy-format-number.ts): the browser's first Intl
 * formatter is a long piece of work on a phone, only done where a number is written.
 */
export const MUI_LOCALES = { fr: coreFr, en: coreEn } as const satisfies Record<Lang, object>;
