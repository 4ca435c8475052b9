import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { startTransition } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../contract/enums.js';
import { setLanguage, toLang, useLang } from '../lib/i18n.js';
import { loadFeatureCopy } from './i18n/load.js';

/**
 * The new language's copy first; then every text of the UI switches at once, in a transition: the
 * menu closes and the tap is answered at once, the pages' words are redrawn in a render React can
 * interrupt.
 */
async function choose(lang: Lang): Promise<void> {
  await loadFeatureCopy(lang);
  startTransition(() => setLanguage(lang));
}

/** `short`: the header shows the language's code (FR, EN), its menu the names; the manager's row keeps to 1280 px. */
export function LanguageSwitch({ onDark = true, short = false }: { onDark?: boolean; short?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select
      size="small"
      value={useLang()}
      renderValue={short ? (v) => <span lang={v}>{v.toUpperCase()}</span> : undefined}
      onChange={(e) => void choose(toLang(e.target.value))}
      inputProps={{ 'aria-label': t('nav.language') }}
      sx={
        onDark
          ? {
              color: 'inherit',
              '.MuiSelect-icon': { color: 'inherit' },
              '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.4)' },
            }
          : undefined
      }
    >
      <MenuItem value="fr" lang="fr">
        Français
      </MenuItem>
      <MenuItem value="en" lang="en">
        English
      </MenuItem>
    </Select>
  );
}
