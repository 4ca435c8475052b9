import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SyncState } from '../../../../contract/sync.js';
import { formatDateTime } from '../../../lib/dates.js';
import { formatCount } from '../../../lib/format.js';
import { toLang } from '../../../lib/i18n.js';

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Managers: how fresh the server's copy of the partner's data is (first sync, last re-read, drift, what it left, errors, lag). */
export function SyncStateCard({ state }: { state: SyncState }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const when = (ms: number) => formatDateTime(new Date(ms).toISOString(), lang);
  const { initial, passes } = state;
  const n = (v: number) => formatCount(v, lang);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sync-state-title" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="sync-state-title" gutterBottom>
        {t('sync.title')}
      </Typography>
      <Stack spacing={0.5}>
        <Typography variant="body2">
          {initial.phase === 'done' && initial.finishedAt !== null
            ? t('sync.initialDone', { date: when(initial.finishedAt) })
            : t('sync.initialRunning', {
                projects: n(initial.projects.done),
                projectsTotal: n(initial.projects.total),
                claims: n(initial.claims.done),
                claimsTotal: n(initial.claims.total),
              })}
        </Typography>
        <Typography variant="body2">
          {passes.last?.finishedAt
            ? t('sync.lastPass', { date: when(passes.last.finishedAt), drift: n(passes.last.drift), errors: n(passes.last.errors) })
            : t('sync.noPass', { minutes: n(minutes(state.periodMs)), calls: n(state.callsPerMinute) })}
        </Typography>
        {passes.last?.finishedAt && passes.last.left > 0 ? (
          <Typography variant="body2">{t('sync.left', { count: passes.last.left })}</Typography>
        ) : null}
        {passes.current ? <Typography variant="body2">{t('sync.current', { done: n(passes.current.done) })}</Typography> : null}
        {state.lagMs !== null ? <Typography variant="body2">{t('sync.lag', { minutes: n(minutes(state.lagMs)) })}</Typography> : null}
        {passes.lastError ? (
          <Typography variant="body2" color="error">
            {t('sync.lastError', { date: when(passes.lastError.at), message: passes.lastError.message })}
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}
