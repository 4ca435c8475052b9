import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '../../features/follows/components/unsubscribe-panel.js';
import { LanguageSwitch } from '../language-switch.js';

/**
 * The page an e-mail's unsubscribe link opens (`?t=` its signed token), outside the session: the
 * person may not be signed in on this device. Opening it changes nothing; its button does.
 */
export default function UnsubscribeRoute() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('t') ?? '';
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 520 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
          <Typography variant="overline" component="p">
            {t('app.title')}
          </Typography>
          <LanguageSwitch onDark={false} short />
        </Stack>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('unsubscribe.title')}
        </Typography>
        <UnsubscribePanel token={token} />
      </Paper>
    </Box>
  );
}
