import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../../../../contract/account.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { useEndSessions } from '../api/end-sessions.js';

/** My sessions: device, address, last activity, this one marked; end one, or all the others. */
export function SessionsList({ sessions }: { sessions: readonly AccountSession[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const end = useEndSessions();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Stack spacing={2}>
      <List aria-label={t('account.sessions.title')} disablePadding>
        {sessions.map((s) => {
          const device = s.device ?? t('account.sessions.unknownDevice');
          return (
            <ListItem key={s.key} divider sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={undefined}>
              <ListItemText
                primary={
                  <>
                    {device} {s.current ? <Chip size="small" color="primary" label={t('account.sessions.current')} sx={{ ml: 1 }} /> : null}
                  </>
                }
                secondary={t('account.sessions.detail', {
                  address: s.address ?? '—',
                  last: formatDateTime(s.lastSeenAt, lang),
                  since: formatDateTime(s.createdAt, lang),
                })}
              />
              {!s.current ? (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={end.isPending}
                  onClick={() => end.mutate({ key: s.key })}
                  aria-label={t('account.sessions.endOne', { device })}
                >
                  {t('account.sessions.end')}
                </Button>
              ) : null}
            </ListItem>
          );
        })}
      </List>
      {end.error ? <ErrorAlert error={end.error} /> : null}
      <Stack direction="row">
        <Button variant="outlined" color="error" disabled={others === 0 || end.isPending} onClick={() => end.mutate('others')}>
          {t('account.sessions.endOthers')}
        </Button>
      </Stack>
    </Stack>
  );
}
