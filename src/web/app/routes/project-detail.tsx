import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { may } from '../../../contract/access.js';
import { projectActor, projectAwaitsRentalInformation, projectHasCertificate, projectIsActive } from '../../../contract/lifecycle.js';
import { leaseNotStarted } from '../../../contract/claims.js';
import { operationUrl } from '../../lib/operations.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { OutOfScope, isOutOfScope } from '../../components/out-of-scope.js';
import { lazyPart } from '../../components/lazy-part.js';
import { Section } from '../../components/section.js';
import { AssigneeControl } from '../../features/assignments/components/assignee-control.js';
import { HistoryPanel } from '../../features/audit/components/history-panel.js';
import { FollowButton } from '../../features/follows/components/follow-button.js';
import { SinceLastVisit } from '../../features/follows/components/since-last-visit.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { ProjectClaims } from '../../features/claims/components/project-claims.js';
import { useProject } from '../../features/projects/api/get-project.js';
import { CreatedBanner } from '../../features/projects/components/created-banner.js';
import { ProjectContact } from '../../features/projects/components/project-contact.js';
import { PaymentSection } from '../../features/projects/components/payment-section.js';
import { ProjectStatusChip } from '../../features/projects/components/project-status-chip.js';
import { ProjectStepper } from '../../features/projects/components/project-stepper.js';
import { RentSummary } from '../../features/projects/components/rent-summary.js';
import { formatDate } from '../../lib/dates.js';
import { ProjectFollowUp } from '../project-follow-up.js';
import { formatMoney } from '../../lib/format.js';
import { useLang } from '../../lib/i18n.js';
import { FileHeading } from '../../components/file-heading.js';
import { usePageTitle } from '../use-page-title.js';

// The rental information form (react-hook-form, the phone and date fields of MUI X: ~120 KB gzip)
// is drawn only while a project waits for it: its code loads then, not with every project's page
// (a failed download says so in the section, with a retry: components/lazy-part.tsx).
const RentForm = lazyPart(() => import('../../features/projects/components/rent-form.js').then((m) => m.RentForm));
// the documents to send (the file drop, the camera, each document's pages): below the first
// screen, their code comes with the section rather than before the page's title
const DocumentsSection = lazyPart(() => import('../../features/projects/components/documents-section.js').then((m) => m.DocumentsSection));
// the sandbox's back office (staff in sandbox mode only): its code comes when it is shown
const ProjectBackoffice = lazyPart(() =>
  import('../../features/sandbox/components/project-backoffice.js').then((m) => m.ProjectBackoffice),
);

/** Where a project stands and what comes next, with every step that can be done from here. */
export default function ProjectDetailRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const project = useProject(id);
  usePageTitle(project.data ? `${project.data.profile.firstName} ${project.data.profile.lastName}` : null, t('page.project'));
  const canEdit = session.data !== undefined && may(session.data.user.role, 'project.change');
  // "Projet créé" and the journey link belong to the creation: shown once, on the page the form
  // led to; the history entry forgets it, so a reload or a later visit does not say it again
  const navigate = useNavigate();
  const [created] = useState(() => (location.state as { created?: boolean } | null)?.created === true);
  useEffect(() => {
    if ((location.state as { created?: boolean } | null)?.created === true)
      void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [location, navigate]);
  const rentForm = project.data !== undefined && !project.data.rent && projectAwaitsRentalInformation(project.data.status) && canEdit;
  if (project.isPending || !session.data) return <Skeleton variant="rounded" height={320} />;
  // a link outside an intermediary's scope says why, with the ways back
  if (project.isError)
    return isOutOfScope(project.error) ? (
      <OutOfScope error={project.error} />
    ) : (
      <ErrorAlert error={project.error} onRetry={() => void project.refetch()} />
    );
  const p = project.data;
  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/projects" sx={{ alignSelf: 'flex-start' }}>
        ← {t('project.backToList')}
      </Button>
      <FileHeading name={`${p.profile.firstName} ${p.profile.lastName}`}>
        <ProjectStatusChip status={p.status} />
        <Chip label={t('common.labelValue', { label: t('project.score'), value: formatMoney(p.score, lang) })} />
        <Typography color="text.secondary">{t('project.createdOn', { date: formatDate(p.createDate, lang) })}</Typography>
        <FollowButton kind="project" id={p.id} />
      </FileHeading>
      <SinceLastVisit kind="project" id={p.id} realTime={session.data.mode === 'sandbox'} />
      <ProjectContact project={p} />
      <AssigneeControl kind="project" id={p.id} role={session.data.user.role} />
      {created ? <CreatedBanner project={p} /> : null}
      <Section title={t('project.lifecycle')}>
        <ProjectStepper status={p.status} reason={p.rejectionReason} />
        <Typography sx={{ mt: 2 }}>
          {t('project.nextStep', { step: t(`nextStep.${p.status}`) })}
          {projectActor(p.status) !== 'none' ? ` · ${t('project.whoActs', { actor: t(`actor.${projectActor(p.status)}`) })}` : null}
        </Typography>
        {!created ? (
          <Stack sx={{ mt: 2 }}>
            <ProjectFollowUp project={p} sender={session.data.user.name} />
          </Stack>
        ) : null}
        {projectHasCertificate(p.status) ? (
          <Link href={operationUrl('getCertificate', { id: p.id })} download sx={{ display: 'inline-block', mt: 1 }}>
            {t('project.certificate')}
          </Link>
        ) : null}
      </Section>
      {session.data.mode === 'sandbox' && canEdit ? (
        <ProjectBackoffice fallback={<Skeleton variant="rounded" height={120} />} projectId={p.id} status={p.status} />
      ) : null}
      {/* below the first screen on a phone: laid out and painted when they come near it */}
      <Section id="documents" title={t('project.documents')} estimate={480}>
        <DocumentsSection
          fallback={<Skeleton variant="rounded" height={240} />}
          project={p}
          owner={session.data.user.email}
          canEdit={canEdit}
        />
      </Section>
      <Section id="rent" title={t('project.rent')} estimate={rentForm ? 560 : 120}>
        {p.rent ? <RentSummary rent={p.rent} /> : null}
        {rentForm ? <RentForm fallback={<Skeleton variant="rounded" height={480} />} project={p} today={session.data.today} /> : null}
        {!p.rent && !rentForm ? <Typography color="text.secondary">{t(`nextStep.${p.status}`)}</Typography> : null}
      </Section>
      <Section title={t('project.payment')} estimate={160}>
        <PaymentSection projectId={p.id} />
      </Section>
      <Section title={t('claims.onProject')} estimate={160}>
        <ProjectClaims
          projectId={p.id}
          canOpen={projectIsActive(p.status)}
          opensOn={leaseNotStarted(p.rent?.startLease, session.data.today) ? p.rent?.startLease : null}
        />
      </Section>
      <Section title={t('audit.history')} estimate={240}>
        <HistoryPanel on={{ projectId: p.id }} realTime={session.data.mode === 'sandbox'} />
      </Section>
    </Stack>
  );
}
