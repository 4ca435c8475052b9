import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFile } from '../lib/api-client.js';
import { ApiError } from '../lib/api-error.js';
import { ErrorAlert } from './error-alert.js';

/** Hands a file read in memory to the browser's downloads, under the server's name for it. */
function save({ blob, name }: { blob: Blob; name: string }) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A file the server builds (CSV export, PDF statement): a plain link, so the browser streams it
 * to disk itself, whatever its size, with the session cookie. With `ask`, the click asks the
 * server first through the api client: a refusal (an export before the server's first sync with the
 * partner, 503 FIRST_SYNC_PENDING) is explained on the page, with the partner's last answer, instead
 * of a download the browser reports as failed.
 */
export function DownloadButton({ href, label, ask = false }: { href: string; label: string; ask?: boolean }) {
  const { t } = useTranslation();
  // the refusal stays in the dialog while it closes (the next click asks again)
  const [explained, setExplained] = useState(false);
  const file = useMutation({ mutationFn: () => apiFile(href), onSuccess: save, onError: () => setExplained(true) });
  if (!ask)
    return (
      <Button component="a" href={href} download variant="outlined" startIcon={<DownloadIcon />}>
        {label}
      </Button>
    );
  const partner = file.error instanceof ApiError ? file.error.details.find((d) => d.path === 'partner')?.message : undefined;
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} loading={file.isPending} onClick={() => file.mutate()}>
        {label}
      </Button>
      <Dialog open={explained} onClose={() => setExplained(false)} aria-labelledby="download-refused-title">
        <DialogTitle id="download-refused-title">{t('readModel.exportRefused')}</DialogTitle>
        <DialogContent>
          <ErrorAlert error={file.error} />
          {partner ? (
            <Typography variant="body2" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
              {t('readModel.partnerAnswer', { answer: partner })}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExplained(false)} autoFocus>
            {t('readModel.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A query string of list filters plus the user's language. */
export function exportQuery(filters: Record<string, string | readonly (string | number)[] | undefined>, lang: string): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)));
    else if (typeof v === 'string' && v) q.set(k, v);
  }
  q.set('lang', lang);
  return q.toString();
}
