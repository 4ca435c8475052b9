import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates.js';
import { useLang } from '../lib/i18n.js';

/**
 * "Data as of …": when the read model behind a list last read the oldest of its rows from the
 * partner; `null` while the server's first sync runs (the list may lack rows and says so). Its
 * line is kept while the list loads (`undefined`), so the list below it never moves when the
 * date comes.
 */
export function DataAsOf({ at }: { at: number | null | undefined }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ minHeight: '1.66em' }}>
      {at === undefined
        ? ''
        : at === null
          ? t('readModel.syncing')
          : t('readModel.asOf', { date: formatDateTime(new Date(at).toISOString(), lang) })}
    </Typography>
  );
}
