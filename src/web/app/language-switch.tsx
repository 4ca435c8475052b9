import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useOptimistic, useRef, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../contract/enums.js';
import { i18n, LANGS, setLanguage, useLang } from '../lib/i18n.js';
import { visuallyHidden } from '../components/visually-hidden.js';
import { loadFeatureCopy } from './i18n/load.js';

/** Each language by its own name, in itself (marked with its `lang`, so a reader speaks it right). */
const NAMES: Record<Lang, string> = { fr: 'Français', en: 'English' };

/** The pressed one: white in the header's blue, the primary blue on a light page (8:1 each, more than a tint). */
const PRESSED = '.MuiToggleButton-root.Mui-selected, .MuiToggleButton-root.Mui-selected:hover';

/**
 * The two languages side by side, the current one pressed: one tap switches (a menu for two
 * choices cost a second tap, and opening it was the slowest answer of the header on a phone).
 * `short`: the header shows the languages' codes (FR, EN), named in full for screen readers; the
 * manager's row keeps to 1280 px.
 */
export function LanguageSwitch({ onDark = true, short = false }: { onDark?: boolean; short?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  // The tap is answered at once (the language shown pressed, a spinner on it and, for a screen
  // reader, "Switching to English…" in that language) while the new language's copy comes (a
  // download the first time); then every text of the UI switches at once, in a transition.
  const [shown, show] = useOptimistic(lang);
  const [switching, startTransition] = useTransition();
  /** The language last tapped: a slower download for an earlier tap does not switch after it. */
  const wanted = useRef<Lang>(lang);
  const choose = (next: Lang) => {
    wanted.current = next;
    startTransition(async () => {
      show(next);
      await loadFeatureCopy(next);
      if (wanted.current !== next) return;
      startTransition(() => setLanguage(next));
    });
  };
  const coming = switching && shown !== lang ? shown : null;
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={shown}
        aria-label={t('nav.language')}
        // a tap on the pressed one changes nothing (null): the language stays chosen
        onChange={(_e, next: Lang | null) => {
          if (next && next !== shown) choose(next);
        }}
        sx={{
          flexShrink: 0,
          '.MuiToggleButton-root': { textTransform: 'none', px: short ? 1 : 1.5, py: 0.25, lineHeight: 1.5 },
          ...(onDark
            ? {
                '.MuiToggleButton-root.MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.4)' },
                [PRESSED]: { color: 'primary.main', backgroundColor: 'common.white' },
              }
            : { [PRESSED]: { color: 'common.white', backgroundColor: 'primary.main' } }),
        }}
      >
        {LANGS.map((l) => (
          <ToggleButton key={l} value={l} lang={l} aria-label={short ? NAMES[l] : undefined} aria-busy={coming === l || undefined}>
            {/* the words stay in place (the header does not move); the spinner is drawn over them */}
            <Box component="span" sx={{ opacity: coming === l ? 0.3 : 1 }}>
              {short ? l.toUpperCase() : NAMES[l]}
            </Box>
            {coming === l ? <CircularProgress size={14} color="inherit" aria-hidden sx={{ position: 'absolute' }} /> : null}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {/* a live region of its own (not a page's status: the sign-in page and the forms have theirs) */}
      <Box component="span" aria-live="polite" lang={coming ?? undefined} sx={visuallyHidden}>
        {coming ? i18n.getFixedT(coming)('nav.languageComing') : ''}
      </Box>
    </>
  );
}
