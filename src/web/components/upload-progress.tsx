import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A file on its way: its name, a bar with the percentage sent, and cancel. */
export function UploadProgress({ name, fraction, onCancel }: { name: string; fraction: number; onCancel?: () => void }) {
  const { t } = useTranslation();
  const percent = Math.round(fraction * 100);
  const label = t('documentPages.sending', { name });
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }} role="status">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
          {label} {t('documentPages.percent', { percent })}
        </Typography>
        <LinearProgress variant="determinate" value={percent} aria-label={label} />
      </Box>
      {onCancel ? (
        <Button size="small" onClick={onCancel}>
          {t('documentPages.cancelSend')}
        </Button>
      ) : null}
    </Stack>
  );
}
