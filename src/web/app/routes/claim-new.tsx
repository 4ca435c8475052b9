import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { ClaimCreateForm } from '../../features/claims/components/claim-create-form.js';
import { useProject } from '../../features/projects/api/get-project.js';

/** Opening a claim on an active project; the project page then lists it. */
export default function ClaimNewRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const project = useProject(id);
  if (project.isPending || !session.data) return <Skeleton variant="rounded" height={320} />;
  if (project.isError) return <ErrorAlert error={project.error} onRetry={() => void project.refetch()} />;
  const p = project.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Button component={RouterLink} to={`/projects/${p.id}`} sx={{ alignSelf: 'flex-start' }}>
        ← {p.profile.firstName} {p.profile.lastName}
      </Button>
      <Typography variant="h4" component="h1">
        {t('claim.openTitle')}
      </Typography>
      <Typography color="text.secondary">{t('claim.forProject', { name: `${p.profile.firstName} ${p.profile.lastName}` })}</Typography>
      {p.status !== 7 ? (
        <Alert severity="warning">{t('claim.notActive')}</Alert>
      ) : (
        <ClaimCreateForm
          projectId={p.id}
          today={session.data.today}
          defaults={{ rentAmount: p.rent?.rentAmount, mainOwnerEmail: p.rent?.owner.email }}
          onCreated={() => void navigate(`/projects/${p.id}`, { state: { claimCreated: true } })}
        />
      )}
    </Stack>
  );
}
