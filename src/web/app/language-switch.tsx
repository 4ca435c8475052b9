import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { startTransition } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../contract/enums.js';
import { LANGS, setLanguage, useLang } from '../lib/i18n.js';
import { loadFeatureCopy } from './i18n/load.js';

/** Each language by its own name, in itself (marked with its `lang`, so a reader speaks it right). */
const NAMES: Record<Lang, string> = { fr: 'Français', en: 'English' };

/**
 * The new language's copy first; then every text of the UI switches at once, in a transition: the
 * tap is answered at once, the pages' words are redrawn in a render React can interrupt.
 */
async function choose(lang: Lang): Promise<void> {
  await loadFeatureCopy(lang);
  startTransition(() => setLanguage(lang));
}

/**
 * The two languages side by side, the current one pressed: one tap switches (a menu for two
 * choices cost a second tap, and opening it was the slowest answer of the header on a phone).
 * `short`: the header shows the languages' codes (FR, EN), named in full for screen readers; the
 * manager's row keeps to 1280 px.
 */
export function LanguageSwitch({ onDark = true, short = false }: { onDark?: boolean; short?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ToggleButtonGroup
      size="small"
      color="primary"
      exclusive
      value={lang}
      aria-label={t('nav.language')}
      // a tap on the pressed one changes nothing (null): the language stays chosen
      onChange={(_e, next: Lang | null) => {
        if (next && next !== lang) void choose(next);
      }}
      sx={{
        flexShrink: 0,
        '.MuiToggleButton-root': { textTransform: 'none', px: short ? 1 : 1.5, py: 0.25, lineHeight: 1.5 },
        ...(onDark && {
          '.MuiToggleButton-root.MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.4)' },
          // the pressed one white, in the header's blue (8:1)
          '.MuiToggleButton-root.Mui-selected, .MuiToggleButton-root.Mui-selected:hover': {
            color: 'primary.main',
            backgroundColor: 'common.white',
          },
        }),
      }}
    >
      {LANGS.map((l) => (
        <ToggleButton key={l} value={l} lang={l} aria-label={short ? NAMES[l] : undefined}>
          {short ? l.toUpperCase() : NAMES[l]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
