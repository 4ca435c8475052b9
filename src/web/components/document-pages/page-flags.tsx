import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../lib/document-pages/page-list.js';
import { flagsOf, measurePhoto, type QualityFlag } from '../../lib/document-pages/page-quality.js';
import { usePagePreview } from './use-page-preview.js';

/**
 * A photo that looks too dark or blurred to be read, said under it: advisory, it may be sent all
 * the same. On a phone, "Take it again" opens the camera for this page.
 */
export function PageFlags({ page, n, onRetake }: { page: Page; n: number; onRetake?: () => void }) {
  const { t } = useTranslation();
  // measured on the copy the thumbnail shows (a HEIC photo's decoded copy: the file itself cannot be read here)
  const { preview } = usePagePreview(page);
  const [flags, setFlags] = useState<QualityFlag[]>([]);
  useEffect(() => {
    if (!preview) return;
    let live = true;
    void measurePhoto(preview).then((q) => {
      if (live && q) setFlags(flagsOf(q));
    });
    return () => {
      live = false;
    };
  }, [preview]);
  if (flags.length === 0) return null;
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      {flags.map((f) => (
        <Typography key={f} variant="caption" color="warning.dark" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <WarningIcon fontSize="inherit" aria-hidden />
          {t(`documentPages.${f}`)}
        </Typography>
      ))}
      {onRetake ? (
        <Button size="small" onClick={onRetake} aria-label={t('documentPages.retakePage', { n })}>
          {t('documentPages.retake')}
        </Button>
      ) : null}
    </Stack>
  );
}
