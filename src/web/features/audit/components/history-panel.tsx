import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.js';
import { RealTimeNote } from '../../../components/real-time-note.js';
import { useLang } from '../../../lib/i18n.js';
import { useHistory, type HistoryOf } from '../api/get-history.js';
import { historySentence } from './sentence.js';

/**
 * A project's or claim's own history: "Mois de mars 2026 déclaré (…) par Samuel Staff le 3 avril 2026 à 10 h 12",
 * at the real time it happened (`realTime`: said so, in sandbox mode).
 */
export function HistoryPanel({ on, realTime = false }: { on: HistoryOf; realTime?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const history = useHistory(on);
  if (history.isPending) return <Skeleton variant="rounded" height={96} />;
  if (history.isError) return <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />;
  const { items, total } = history.data;
  if (items.length === 0) return <Typography color="text.secondary">{t('audit.historyEmpty')}</Typography>;
  return (
    <>
      <List dense aria-label={t('audit.history')} sx={{ contentVisibility: 'auto' }}>
        {items.map((r) => (
          <ListItem key={r.seq} disableGutters>
            <ListItemText primary={historySentence(r, t, lang)} />
          </ListItem>
        ))}
      </List>
      <RealTimeNote show={realTime} />
      {total > items.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('audit.historyMore', { count: items.length })}
        </Typography>
      ) : null}
    </>
  );
}
