import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_BYTES } from '../../../contract/files.js';
import type { Assembled } from '../../lib/document-pages/assemble.js';
import { pageSpans, splitSealed, type Page, type PageAction } from '../../lib/document-pages/page-list.js';
import { DocumentTooLarge, PageError } from '../../lib/document-pages/page-errors.js';
import { formatFileSize } from '../../lib/format.js';
import { useLang } from '../../lib/i18n.js';
import { LeaveGuard } from '../leave-guard.js';
import { PageListView } from './page-list-view.js';

/** Where the PDF stands for the pages it was made from (any change to the pages makes it stale). */
type Assembly =
  | { status: 'working'; of: readonly Page[] }
  | { status: 'ready'; of: readonly Page[]; result: Assembled | null }
  | { status: 'failed'; of: readonly Page[]; message: string };

/**
 * A document's pages before it is sent: the list, what happens to a signed or encrypted PDF, then
 * the PDF made in this browser with its size, and the send. The PDF library loads on the first
 * "Prepare", never with the page.
 */
export function DocumentPages({
  label,
  fileName,
  pages,
  dispatch,
  busy,
  onSend,
  onRetake,
}: {
  label: string;
  /** The name of the PDF made from the pages. */
  fileName: string;
  pages: readonly Page[];
  dispatch: (action: PageAction) => void;
  /** A file of this document is being sent. */
  busy: boolean;
  /** The PDF first (when there are pages to put together), then each sealed PDF as it is. */
  onSend: (files: File[]) => void;
  /** On a phone: opens the camera to take a page again, in its place. */
  onRetake?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [assembly, setAssembly] = useState<Assembly | null>(null);
  const current = assembly?.of === pages ? assembly : null;
  const { merged, alone } = splitSealed(pages);
  const nameOf = (id: string) => pages.find((p) => p.id === id)?.file.name ?? '';

  const prepare = async () => {
    setAssembly({ status: 'working', of: pages });
    try {
      if (merged.length === 0) return setAssembly({ status: 'ready', of: pages, result: null });
      const { assembleDocument } = await import('../../lib/document-pages/assemble.js');
      const result = await assembleDocument(merged, { name: fileName, maxBytes: MAX_FILE_BYTES });
      setAssembly({ status: 'ready', of: pages, result });
    } catch (error) {
      const message =
        error instanceof PageError
          ? t(`documentPages.${error.problem}`, { name: nameOf(error.pageId) })
          : error instanceof DocumentTooLarge
            ? t('documentPages.tooLarge', { size: formatFileSize(error.size, lang) })
            : t('errors.network');
      setAssembly({ status: 'failed', of: pages, message });
    }
  };

  const ready = current?.status === 'ready' ? current.result : null;
  // what the document will hold: a PDF given as one item counts as its pages
  const { total } = pageSpans(pages);
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }}>
      {/* the pages (and the PDF made of them) live in this page only: leaving it asks first, as a form does */}
      <LeaveGuard
        when={pages.length > 0}
        title={t('documentPages.leaveTitle')}
        text={
          ready ? t('documentPages.leaveReady', { count: ready.pageCount, label }) : t('documentPages.leaveText', { count: total, label })
        }
        stay={t('leave.stay')}
        leave={t('leave.leave')}
      />
      <Typography variant="subtitle2" component="p">
        {t('documentPages.heading', { count: total, label })}
      </Typography>
      <PageListView label={label} pages={pages} dispatch={dispatch} disabled={busy || current?.status === 'working'} onRetake={onRetake} />
      {alone.map((p) => (
        <Alert key={p.id} severity="info">
          {t(`documentPages.sealed_${p.sealed ?? 'signed'}`, { name: p.file.name })}
        </Alert>
      ))}
      <Typography variant="caption" color="text.secondary">
        {t('documentPages.kept')}
      </Typography>
      {current?.status === 'failed' ? (
        <Alert severity="error" role="alert">
          {current.message}
        </Alert>
      ) : null}
      {current?.status === 'ready' ? (
        <Stack spacing={0.5} role="status">
          {current.result ? (
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('documentPages.ready', { count: current.result.pageCount, size: formatFileSize(current.result.file.size, lang) })}
            </Typography>
          ) : null}
          {current.result && current.result.step > 0 ? <Typography variant="body2">{t('documentPages.reduced')}</Typography> : null}
          {alone.length > 0 ? (
            <Typography variant="body2">{t('documentPages.alsoAlone', { list: alone.map((p) => p.file.name).join(', ') })}</Typography>
          ) : null}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {current?.status === 'ready' ? (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => onSend([...(current.result ? [current.result.file] : []), ...alone.map((p) => p.file)])}
          >
            {t('documentPages.send')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={busy || current?.status === 'working'}
            onClick={() => void prepare()}
            startIcon={current?.status === 'working' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {current?.status === 'working' ? t('documentPages.assembling') : t('documentPages.assemble')}
          </Button>
        )}
        <Button disabled={busy || current?.status === 'working'} onClick={() => dispatch({ type: 'clear' })}>
          {t('documentPages.clear')}
        </Button>
      </Stack>
    </Stack>
  );
}
