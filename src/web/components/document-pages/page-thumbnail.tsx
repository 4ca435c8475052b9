import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../lib/document-pages/page-list.js';
import { usePagePreview } from './use-page-preview.js';

const SIZE = 72;

/**
 * A page's picture, turned as it will be sent. The photo is shown from the file in memory (an
 * object URL revoked when the thumbnail goes): nothing is written anywhere. The browser applies
 * the photo's EXIF orientation here as it does when the PDF is made, so what is seen is what is
 * sent. A HEIC photo the browser cannot show is shown from its decoded copy.
 */
export function PageThumbnail({ page }: { page: Page }) {
  const { t } = useTranslation();
  const { preview } = usePagePreview(page);
  const [failed, setFailed] = useState<Blob | null>(null);
  const img = useRef<HTMLImageElement>(null);
  // one object URL per picture, revoked when it or the thumbnail goes (not at every render)
  useEffect(() => {
    const el = img.current;
    if (!el || !preview) return;
    const url = URL.createObjectURL(preview);
    el.src = url;
    return () => URL.revokeObjectURL(url);
  }, [preview]);
  const frame = {
    width: SIZE,
    height: SIZE,
    flex: 'none',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bgcolor: 'action.hover',
    borderRadius: 1,
    overflow: 'hidden',
  } as const;
  if (page.kind === 'pdf')
    return (
      <Box sx={frame}>
        <PictureAsPdfIcon color="action" sx={{ transform: `rotate(${page.rotation}deg)` }} />
      </Box>
    );
  if (preview === null || (preview && failed === preview))
    return (
      <Box sx={{ ...frame, flexDirection: 'column', textAlign: 'center', p: 0.5 }}>
        <BrokenImageIcon color="action" fontSize="small" />
        <Typography variant="caption" sx={{ lineHeight: 1.1, fontSize: 10 }}>
          {t('documentPages.noPreview')}
        </Typography>
      </Box>
    );
  return (
    <Box sx={frame}>
      {preview ? (
        <Box
          component="img"
          alt=""
          onError={() => setFailed(preview)}
          ref={img}
          sx={{ maxWidth: SIZE, maxHeight: SIZE, objectFit: 'contain', transform: `rotate(${page.rotation}deg)` }}
        />
      ) : (
        // a HEIC photo being decoded (seconds on a phone)
        <CircularProgress size={20} aria-hidden />
      )}
    </Box>
  );
}
