import { RealTimeNote } from '../../../components/real-time-note.js';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowedKind, FollowState } from '../../../../contract/follows.js';
import { notificationChange } from '../../../../contract/notification-words.js';
import { formatDate, formatTime } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { muiTexts } from '../../../lib/mui-texts.js';
import { useFollowState, useRecordVisit } from '../api/follow-state.js';

/**
 * On a file's page: what changed on it since the reader last opened it (shown once: the page
 * records the visit as it opens, so the next opening starts from now). What was said stays on the
 * page until she closes it, even though the visit is recorded at once.
 */
export function SinceLastVisit({ kind, id, realTime = false }: { kind: FollowedKind; id: string; realTime?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useFollowState(kind, id);
  const visit = useRecordVisit();
  const titleId = useId();
  // what the page said when it opened: this file's, kept while the page is open
  const [shown, setShown] = useState<{ id: string; state: FollowState } | null>(null);
  const [closed, setClosed] = useState<string | null>(null);
  // this opening's answer, not the one the cache kept from the page's last opening
  if (state.data && state.isFetchedAfterMount && !state.isFetching && shown?.id !== id) setShown({ id, state: state.data });
  const read = shown?.id === id;
  const { mutate } = visit;
  useEffect(() => {
    // once per opening of a file's page, after what it says was read
    if (read) mutate({ kind, id });
  }, [read, kind, id, mutate]);
  if (!shown || shown.id !== id || closed === id || shown.state.sinceLastVisit.length === 0) return null;
  const { lastVisitAt, sinceLastVisit } = shown.state;
  return (
    // a region of the page, not an alert: it is what the page says as it opens, not an interruption
    <Alert severity="info" role="region" aria-labelledby={titleId} onClose={() => setClosed(id)} {...muiTexts(lang).alert}>
      <AlertTitle component="h2" id={titleId}>
        {lastVisitAt
          ? t('follow.since', { date: formatDate(lastVisitAt, lang), time: formatTime(lastVisitAt, lang) })
          : t('follow.sinceFollowed')}
      </AlertTitle>
      {/* on the file's own page, what changed without the file's name; each line a sentence of its own */}
      <Box component="ul" sx={{ m: 0, pl: 2.5, '& li::first-letter': { textTransform: 'uppercase' } }}>
        {sinceLastVisit.map((n) => (
          <li key={n.id}>{notificationChange(n, lang)}</li>
        ))}
      </Box>
      {/* the last visit is a real moment, not the sandbox clock's */}
      <RealTimeNote show={realTime} />
    </Alert>
  );
}
