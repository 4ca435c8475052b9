import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/api/get-session.js';
import { ProjectForm } from '../../features/projects/components/project-form.js';
import { mayOpen } from '../../../contract/access.js';

export default function ProjectNewRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  if (!session.data) return null;
  // refused at once, as the managers' pages are, rather than a form the server refuses on submit
  const allowed = mayOpen(session.data.user.role, '/projects/new');
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Button component={RouterLink} to="/projects" sx={{ alignSelf: 'flex-start' }}>
        ← {t('project.backToList')}
      </Button>
      <Typography variant="h4" component="h1">
        {t('project.newTitle')}
      </Typography>
      {allowed ? (
        <ProjectForm
          today={session.data.today}

          onCreated={(p) => void navigate(`/projects/${p.id}`, { state: { created: true } })}
        />
      ) : (
        <Alert severity="info">{t('project.newForbidden')}</Alert>
      )}
    </Stack>
  );
}
