import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates.js';
import { currentLang } from '../lib/i18n.js';

/** "Data as of …": when the read model behind a list last read the oldest of its rows from the partner. */
export function DataAsOf({ at }: { at: number | null | undefined }) {
  const { t } = useTranslation();
  if (at === null || at === undefined) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      {t('readModel.asOf', { date: formatDateTime(new Date(at).toISOString(), currentLang()) })}
    </Typography>
  );
}
