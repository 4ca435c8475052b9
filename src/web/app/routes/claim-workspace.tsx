import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { usePartnerEvents } from '../../features/events/hooks/use-partner-events.js';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { may } from '../../../contract/access.js';
import { canDeclareMonth, canRecordPayment, claimAcceptsDocuments, claimAwaitsDocuments } from '../../../contract/lifecycle.js';
import { DownloadButton } from '../../components/download-button.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { lazyPart } from '../../components/lazy-part.js';
import { Section } from '../../components/section.js';
import { AssigneeControl } from '../../features/assignments/components/assignee-control.js';
import { HistoryPanel } from '../../features/audit/components/history-panel.js';
import { FollowButton } from '../../features/follows/components/follow-button.js';
import { SinceLastVisit } from '../../features/follows/components/since-last-visit.js';
import { useSession } from '../../features/auth/api/get-session.js';
import {
  useClaimRequiredDocuments,
  useClaimStats,
  usePayments,
  usePendingSignature,
  useRentalDebts,
} from '../../features/claims/api/claim-reads.js';
import { useClaim } from '../../features/claims/api/get-claim.js';
import { awaitedKey } from '../../features/claims/awaited-key.js';
import { ClaimReceipts } from '../../features/claims/components/claim-receipts.js';
import { ClaimFiles } from '../../features/claims/components/claim-files.js';
import { ClaimFigures } from '../../features/claims/components/claim-figures.js';
import { ClaimMonthsChart } from '../../features/claims/components/claim-months-chart.js';
import { ClaimPayments } from '../../features/claims/components/claim-payments.js';
import { ClaimStatusChip } from '../../features/claims/components/claim-status-chip.js';
import { RentalDebtsTimeline } from '../../features/claims/components/rental-debts-timeline.js';
import { useProject } from '../../features/projects/api/get-project.js';
import { useMoveClock } from '../../features/sandbox/api/backoffice.js';
import { useLang } from '../../lib/i18n.js';
import { muiTexts } from '../../lib/mui-texts.js';
import { FileHeading } from '../../components/file-heading.js';
import { usePageTitle } from '../use-page-title.js';
import { useInbox } from '../../features/inbox/api/get-inbox.js';
import { isToDeclare } from '../../../contract/months.js';

// the documents to send (the file drop, the camera, each document's pages, the comment): below the
// first screen, their code comes with the section rather than before the page's title
const ClaimDocuments = lazyPart(() => import('../../features/claims/components/claim-documents.js').then((m) => m.ClaimDocuments));
// the sandbox's back office (staff in sandbox mode only): its code comes when it is shown
const ClaimBackoffice = lazyPart(() => import('../../features/claims/components/claim-backoffice.js').then((m) => m.ClaimBackoffice));

/**
 * The monthly round continued from a claim's page: once this claim has no month left to declare,
 * a link to the next claim that has one (the work queue's most urgent).
 */
function NextInRound({ claimId, firstDueDate, today }: { claimId: string; firstDueDate: string; today: string }) {
  const { t } = useTranslation();
  const months = useRentalDebts(claimId);
  const inbox = useInbox({ kind: ['claim.months'], pageSize: 5 });
  const stillDue = months.data?.some((m) => isToDeclare(firstDueDate, m, today)) ?? true;
  const next = inbox.data?.lines.find((l) => l.area === 'claim' && l.claimId !== claimId);
  if (stillDue || !next || next.area !== 'claim') return null;
  return (
    <Button component={RouterLink} to={`/claims/${next.claimId}`} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
      {t('round.next', { tenant: `${next.tenant.firstName} ${next.tenant.lastName}` })} →
    </Button>
  );
}

/** One claim, month after month: documents, timeline, payments, receipts and figures. */
export default function ClaimWorkspaceRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  // arriving from "Open a claim": say it worked, where its next task is (the documents)
  const created = (useLocation().state as { claimCreated?: boolean } | null)?.claimCreated === true;
  const session = useSession();
  const claim = useClaim(id);
  usePageTitle(claim.data ? `${claim.data.tenant.firstName} ${claim.data.tenant.lastName}` : null, t('page.claim'));
  // start every read of the workspace at once, not after the claim (a request waterfall)
  useRentalDebts(id);
  usePendingSignature(id);
  usePayments(id);
  useClaimStats(id);
  useClaimRequiredDocuments(id);
  // the lease's start and rent, which the money forms check amounts and dates against (read once the
  // claim names its project; the forms work without them, the server checks again)
  const project = useProject(claim.data?.projectId ?? '', { enabled: claim.data !== undefined });
  const lease = project.data?.rent ?? null;
  const move = useMoveClock();
  const [notice, setNotice] = useState<string | null>(null);
  // the data refresh itself is done by the layout's stream; here we only say what someone else
  // changed (the person's own write already said what it did: the server tells which events
  // report one), once, in the page's flow: a toast after every action covered the menu
  usePartnerEvents((e) => {
    if (e.data.claimId === id && !e.own)
      setNotice(t('workspace.live', { what: t(`events.types.${e.type.replaceAll('.', '_')}`, { defaultValue: e.type }) }));
  });
  if (claim.isPending || !session.data) return <Skeleton variant="rounded" height={320} />;
  if (claim.isError) return <ErrorAlert error={claim.error} onRetry={() => void claim.refetch()} />;
  const c = claim.data;
  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/claims" sx={{ alignSelf: 'flex-start' }}>
        ← {t('workspace.back')}
      </Button>
      <FileHeading name={`${c.tenant.firstName} ${c.tenant.lastName}`}>
        <ClaimStatusChip status={c.status} />
        <Typography color="text.secondary">
          {t('common.labelValue', {
            label: t('claims.awaited'),
            value: t(awaitedKey(c.status, session.data.user.role === 'intermediary')),
          })}
        </Typography>
        <Button component={RouterLink} to={`/projects/${c.projectId}`}>
          {t('workspace.project')}
        </Button>
        <DownloadButton href={`/api/claims/${c.id}/statement.pdf?lang=${lang}`} label={t('exports.statementPdf')} />
        <DownloadButton href={`/api/claims/${c.id}/statement.csv?lang=${lang}`} label={t('exports.statementCsv')} />
        <FollowButton kind="claim" id={c.id} />
      </FileHeading>
      <SinceLastVisit kind="claim" id={c.id} realTime={session.data.mode === 'sandbox'} />
      {notice ? (
        <Alert severity="info" role="status" onClose={() => setNotice(null)} {...muiTexts(lang).alert}>
          {notice}
        </Alert>
      ) : null}
      <AssigneeControl kind="claim" id={c.id} role={session.data.user.role} />
      <ClaimFigures claimId={c.id} />
      {/* its legend and place with the page; its bars (MUI X Charts) when their code is there */}
      <ClaimMonthsChart claimId={c.id} />
      {session.data.mode === 'sandbox' && may(session.data.user.role, 'backoffice.use') ? (
        <ClaimBackoffice
          fallback={<Skeleton variant="rounded" height={160} />}
          claim={c}
          today={session.data.today}
          moving={move.isPending}
          onMoveClock={(days) => move.mutate(days)}
        />
      ) : null}
      {/* below the first screen: laid out and painted when they come near it */}
      <Section id="documents" title={t('workspace.documents')} estimate={480}>
        {/* the next step while it is one: gone once the claim is submitted (it follows the live status) */}
        {created && claimAwaitsDocuments(c.status) ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {t('claim.createdNext')}
          </Alert>
        ) : null}
        <Stack spacing={3}>
          <ClaimDocuments
            fallback={<Skeleton variant="rounded" height={240} />}
            claimId={c.id}
            owner={session.data.user.email}
            canAdd={claimAcceptsDocuments(c.status)}
            canApply={claimAwaitsDocuments(c.status)}
          />
          <ClaimFiles claimId={c.id} />
        </Stack>
      </Section>
      <Section title={t('workspace.timeline')} estimate={640}>
        <NextInRound claimId={c.id} firstDueDate={c.rentDueDate} today={session.data.today} />
        <RentalDebtsTimeline
          claimId={c.id}
          rentAmount={c.rentAmount}
          leaseRent={lease?.rentAmount ?? null}
          firstDueDate={c.rentDueDate}
          today={session.data.today}
          canEdit={canDeclareMonth(c.status)}
          sandbox={session.data.mode === 'sandbox' && may(session.data.user.role, 'backoffice.use')}
        />
      </Section>
      <Section title={t('workspace.payments')} estimate={400}>
        <ClaimPayments
          claimId={c.id}
          today={session.data.today}
          canEdit={canRecordPayment(c.status)}
          leaseStart={lease?.startLease ?? null}
        />
      </Section>
      <Section id="receipts" title={t('workspace.receipts')} estimate={240}>
        <ClaimReceipts claim={c} sender={session.data.user.name} intermediary={session.data.user.role === 'intermediary'} />
      </Section>
      <Section title={t('audit.history')} estimate={240}>
        <HistoryPanel on={{ claimId: c.id }} realTime={session.data.mode === 'sandbox'} />
      </Section>
    </Stack>
  );
}
