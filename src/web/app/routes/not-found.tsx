import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ p: 6, alignItems: 'flex-start' }} component="main">
      <Typography variant="h4" component="h1">
        {t('common.notFound')}
      </Typography>
      <Button component={RouterLink} to="/projects" variant="contained">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
