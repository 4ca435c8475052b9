import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamLink } from '../../../../contract/team.js';
import { formatLongDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';

/** The link just made, shown once (only its hash is kept): to copy, and whether it was mailed. */
export function LinkDialog({ made, onClose }: { made: TeamLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const lang = useLang();
  const copy = (link: string) =>
    void navigator.clipboard.writeText(link).then(
      () => setCopied(link),
      () => setCopied(null),
    );
  return (
    <Dialog open={made !== null} onClose={onClose} fullWidth maxWidth="sm">
      {made ? (
        <>
          <DialogTitle>{t('team.linkDialog.title', { name: made.user.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {t('team.linkDialog.text', { date: formatLongDate(made.expiresAt.slice(0, 10), lang) })}{' '}
              {t(made.mailed ? 'team.linkDialog.mailed' : 'team.linkDialog.notMailed', { email: made.user.email })}
            </DialogContentText>
            <TextField
              label={t('team.linkDialog.label')}
              value={made.link}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() } }}
            />
            {copied === made.link ? (
              <Alert severity="success" role="status" sx={{ mt: 2 }}>
                {t('team.linkDialog.copied')}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => copy(made.link)}>{t('team.linkDialog.copy')}</Button>
            <Button variant="contained" onClick={onClose}>
              {t('team.linkDialog.close')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
