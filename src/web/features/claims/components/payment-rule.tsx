import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The spread rule, written once in plain words beside the payments ("How is a payment spread?"). */
export function PaymentRule() {
  const { t } = useTranslation();
  return (
    <Box component="details" sx={{ '& > summary': { cursor: 'pointer', minHeight: 44, display: 'list-item', py: 1 } }}>
      <Typography component="summary" variant="body2" sx={{ fontWeight: 500 }}>
        {t('workspace.ruleTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, maxWidth: '70ch' }}>
        {t('workspace.ruleText')}
      </Typography>
    </Box>
  );
}
