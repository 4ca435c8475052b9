import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// the palette's code (and its query) comes when it is first opened: nothing on a page's first load
const SearchPalette = lazy(() => import('./search-palette.js'));

/**
 * The header's search button, and Ctrl+K / ⌘K from anywhere in the signed-in app: both open the
 * same palette (the shortcut is never the only way).
 */
export function SearchButton({ owner }: { owner: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <IconButton color="inherit" aria-label={t('nav.search')} title={t('nav.search')} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <SearchIcon />
      </IconButton>
      {open ? (
        <Suspense fallback={null}>
          <SearchPalette owner={owner} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
