import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The dashed frame of the sandbox back office (it does not exist on the real service). */
export function BackofficePanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="aside"
      variant="outlined"
      sx={{ p: 2, borderColor: 'warning.main', borderStyle: 'dashed' }}
      aria-label={t('backoffice.title')}
    >
      <Typography variant="h6" component="h2">
        {t('backoffice.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('backoffice.hint')}
      </Typography>
      {children}
    </Paper>
  );
}
