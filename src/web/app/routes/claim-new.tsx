import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { projectIsActive } from '../../../contract/lifecycle.js';
import { leaseNotStarted, type Claim } from '../../../contract/claims.js';
import { formatDate } from '../../lib/dates.js';
import { useLang } from '../../lib/i18n.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { OutOfScope, isOutOfScope } from '../../components/out-of-scope.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { CREATE_CLAIM_KEY } from '../../features/claims/api/create-claim.js';
import { useActiveClaim } from '../../features/claims/api/get-claims.js';
import { ClaimCreateForm } from '../../features/claims/components/claim-create-form.js';
import { useProject } from '../../features/projects/api/get-project.js';
import { useDeclarant } from '../../features/settings/api/get-declarant.js';

/**
 * Opening a claim on an active project, the declarant pre-filled from the organization's
 * settings. A project already has its one active claim: a link to it, not a form that E0176
 * would refuse. Once opened, the user lands in the claim's workspace where its next task is.
 */
export default function ClaimNewRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const project = useProject(id);
  const { claims, active } = useActiveClaim(id);
  const declarant = useDeclarant();
  // the creation refreshes the project's claims before its answer reaches the form, and the claim's
  // page then takes its time to come (its code, its reads): until the page has gone, the claim opened
  // here is not "another active claim" (the form stays, as sent)
  const creating = useIsMutating({ mutationKey: CREATE_CLAIM_KEY }) > 0;
  const [since] = useState(Date.now);
  const openedHere = useMutationState({
    filters: { mutationKey: CREATE_CLAIM_KEY, status: 'success', predicate: (m) => m.state.submittedAt >= since },
    select: (m) => (m.state.data as Claim | undefined)?.id,
  });
  if (project.isPending || claims.isPending || declarant.isPending || !session.data) return <Skeleton variant="rounded" height={320} />;
  // a link outside an intermediary's scope says why, with the ways back
  if (project.isError)
    return isOutOfScope(project.error) ? (
      <OutOfScope error={project.error} />
    ) : (
      <ErrorAlert error={project.error} onRetry={() => void project.refetch()} />
    );
  if (claims.isError) return <ErrorAlert error={claims.error} onRetry={() => void claims.refetch()} />;
  const p = project.data;
  const name = `${p.profile.firstName} ${p.profile.lastName}`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Button component={RouterLink} to={`/projects/${p.id}`} sx={{ alignSelf: 'flex-start' }}>
        ← {name}
      </Button>
      <Typography variant="h4" component="h1">
        {t('claim.openTitle')}
      </Typography>
      <Typography color="text.secondary">{t('claim.forProject', { name })}</Typography>
      {active && !creating && !openedHere.includes(active.id) ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={`/claims/${active.id}`} color="inherit" size="small">
              {t('claim.seeActive')}
            </Button>
          }
        >
          {t('claim.alreadyActive')}
        </Alert>
      ) : !projectIsActive(p.status) ? (
        <Alert severity="warning">{t('claim.notActive')}</Alert>
      ) : p.rent && leaseNotStarted(p.rent.startLease, session.data.today) ? (
        <Alert severity="info">{t('claim.notStarted', { date: formatDate(p.rent.startLease, lang) })}</Alert>
      ) : (
        <ClaimCreateForm
          projectId={p.id}
          today={session.data.today}
          defaults={{
            rentAmount: p.rent?.rentAmount,
            leaseRent: p.rent?.rentAmount ?? null,
            mainOwnerEmail: p.rent?.owner.email,
            leaseStart: p.rent?.startLease ?? null,
            // the settings could not be read: the form still works, typed by hand
            legalInfo: declarant.data?.legalInfo ?? null,
          }}
          onCreated={(claim) => void navigate(`/claims/${claim.id}#documents`, { state: { claimCreated: true } })}
        />
      )}
    </Stack>
  );
}
