import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { RentalDebt } from '../../../../contract/claims.js';
import { RentalDebtStatus } from '../../../../contract/enums.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { byDay, formatMonth, isoMonth } from '../../../lib/dates.js';
import { usePayments, useRentalDebts } from '../api/claim-reads.js';
import { useClaimBackoffice } from '../api/claim-writes.js';
import { usePaymentMoves } from '../api/get-payment-moves.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useOutcome } from '../../../lib/use-outcome.js';
import { monthMoveTexts } from './payment-move-text.js';
import { MORE_MONTHS, timelineWindow } from '../timeline-window.js';
import { hasDraft } from '../../../lib/drafts.js';
import { lazyPart } from '../../../components/lazy-part.js';
import { correctionDraft, declarationDraft } from '../month-drafts.js';
import { MonthCards, MonthTable, type MonthActions, type MonthView } from './rental-debt-months.js';

// the month's forms open on a tap: their code (the form library, the fields, the contract's rules)
// comes when one is shown, not with the page (a failed download says so in the form's place)
const DeclareMonthForm = lazyPart(() => import('./declare-month-form.js').then((m) => m.DeclareMonthForm));
const CorrectAmountForm = lazyPart(() => import('./correct-amount-form.js').then((m) => m.CorrectAmountForm));
const formLoading = <Skeleton variant="rounded" height={160} />;

const anchor = (d: RentalDebt) => `month-${isoMonth(d.rentDueDate)}`;

/** What the timeline last said it did. */
type Said = { kind: 'declared'; month: string } | { kind: 'corrected'; month: string; amount: number };

/**
 * Every month from the first unpaid one to today; only the next month in order can be declared.
 * A bounded number of months is rendered whatever the claim's age (the next one to declare, the
 * latest ones, more on demand); a table on a desk, cards on a phone.
 */
export function RentalDebtsTimeline({
  claimId,
  rentAmount,
  firstDueDate,
  today,
  leaseRent,
  canEdit,
  sandbox = false,
}: {
  claimId: string;
  rentAmount: number;
  /** The lease's rent (else the claim's first): a month's rent more than twice it is asked again. */
  leaseRent?: number | null;
  /** The claim's first unpaid rent's due date: later months are due on the same day. */
  firstDueDate: string;
  today: string;
  canEdit: boolean;
  /** Sandbox mode: a month blocked for a late declaration offers the back office's unblock step. */
  sandbox?: boolean;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const debts = useRentalDebts(claimId);
  const moves = usePaymentMoves(claimId);
  // a move names its payment (amount and date)
  const payments = usePayments(claimId);
  const lang = useLang();
  const [declaring, setDeclaring] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<string | null>(null);
  const [older, setOlder] = useState(0);
  const backoffice = useClaimBackoffice(claimId);
  const unblock = backoffice.mutate;
  const months = debts.data ? [...debts.data].sort((a, b) => byDay(a.rentDueDate, b.rentDueDate)) : [];
  // the last declaration's or correction's outcome, said by a live region that is always there, in
  // the UI language of the moment (a switch says it again in the new one), while it is news: until
  // the next action starts or that month changes (useOutcome)
  const outcome = useOutcome<Said>((said) => {
    const m = months.find((d) => d.id !== null && isoMonth(d.rentDueDate) === isoMonth(said.month));
    return m && (said.kind === 'declared' || m.rentAmount === said.amount) ? m : undefined;
  });
  const silence = outcome.clear;
  // a month's form opens in a transition: the tap answers at once (the button's press), and the form,
  // whose date field is the heaviest part of the page to draw, follows as soon as it is drawn
  const actions: MonthActions = {
    onDeclare: (month) => {
      silence();
      startTransition(() => setDeclaring(month));
    },
    onCorrect: (debtId) => {
      silence();
      startTransition(() => setCorrecting(debtId));
    },
    onUnblock: sandbox ? (debtId: string) => unblock({ path: `rentaldebts/${debtId}/unblock` }) : undefined,
  };
  // where the focus goes once a month's form closes (the button that opened it again, or the month
  // just declared or corrected), so a keyboard or screen-reader user keeps their place instead of
  // starting again from the top: both forms alike
  const focusAfter = useRef<{ month: string; on: 'declare' | 'correct' | 'month' } | null>(null);
  useEffect(() => {
    const after = focusAfter.current;
    if (!after) return;
    const place = document.getElementById(`month-${after.month}`);
    const target =
      after.on === 'month' ? place?.querySelector<HTMLElement>('th, h3') : place?.querySelector<HTMLElement>(`[data-action=${after.on}]`);
    if (!target) return;
    if (after.on === 'month') target.tabIndex = -1;
    target.focus();
    focusAfter.current = null;
  });
  // arriving from the inbox on the next month to declare (#month-yyyy-MM) opens its form once
  const { hash } = useLocation();
  const [opened, setOpened] = useState<string | null>(null);
  const next = months.find((d) => d.id === null);
  const linked = months.find((d) => `#${anchor(d)}` === hash);
  if (canEdit && linked && linked === next && opened !== hash) {
    setOpened(hash);
    setDeclaring(linked.rentDueDate);
  }
  // a declaration or a correction typed before a reload or the end of the session: its form opens again, with it
  const [resumed, setResumed] = useState(false);
  if (!resumed && canEdit && debts.data) {
    setResumed(true);
    const corrected = months.find((d) => d.id !== null && hasDraft(correctionDraft(claimId, d.id)));
    if (next && declaring === null && hasDraft(declarationDraft(claimId, next.rentDueDate))) setDeclaring(next.rentDueDate);
    else if (corrected?.id && correcting === null) setCorrecting(corrected.id);
  }
  if (debts.isPending) return <Skeleton variant="rounded" height={200} />;
  if (debts.isError) return <ErrorAlert error={debts.error} onRetry={() => void debts.refetch()} />;
  const lastRent = [...months].reverse().find((d) => d.rentAmount !== null)?.rentAmount ?? rentAmount;
  const shown = timelineWindow(months, older, (d) => d === next || d === linked || (d.id !== null && d.id === correcting));
  const view = (d: RentalDebt): MonthView => ({
    debt: d,
    anchor: anchor(d),
    canDeclare: canEdit && d === next && declaring !== d.rentDueDate,
    canCorrect: canEdit && d.id !== null && d.receiptStatus === null && correcting !== d.id,
    moveNotes: d.id === null ? [] : monthMoveTexts(d.rentDueDate, moves.data ?? [], payments.data ?? [], t, lang),
    blockedBefore:
      months.find((b) => b.status === RentalDebtStatus.BlockedLateDeclaration && b.rentDueDate < d.rentDueDate)?.rentDueDate ?? null,
    form:
      d.id !== null && correcting === d.id ? (
        <CorrectAmountForm
          fallback={formLoading}
          claimId={claimId}
          debt={d}
          today={today}
          leaseRent={leaseRent ?? rentAmount}
          onDone={(saved) => {
            setCorrecting(null);
            outcome.say({ kind: 'corrected', month: d.rentDueDate, amount: saved.rentAmount });
            focusAfter.current = { month: isoMonth(d.rentDueDate), on: 'month' };
          }}
          onCancel={() => {
            setCorrecting(null);
            focusAfter.current = { month: isoMonth(d.rentDueDate), on: 'correct' };
          }}
        />
      ) : declaring === d.rentDueDate ? (
        <DeclareMonthForm
          fallback={formLoading}
          claimId={claimId}
          month={d.rentDueDate}
          firstDueDate={firstDueDate}
          rentAmount={lastRent}
          leaseRent={leaseRent ?? rentAmount}
          today={today}
          onDone={(saved) => {
            setDeclaring(null);
            outcome.say({ kind: 'declared', month: saved.rentDueDate });
            focusAfter.current = { month: isoMonth(d.rentDueDate), on: 'month' };
          }}
          onCancel={() => {
            setDeclaring(null);
            focusAfter.current = { month: isoMonth(d.rentDueDate), on: 'declare' };
          }}
        />
      ) : null,
  });
  const more =
    shown.hidden > 0 ? (
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('workspace.hiddenMonths', { count: shown.hidden })}
        </Typography>
        <Button size="small" onClick={() => setOlder((o) => o + MORE_MONTHS)}>
          {t('workspace.showMore', { count: Math.min(MORE_MONTHS, shown.hidden) })}
        </Button>
      </Stack>
    ) : null;
  const Months = phone ? MonthCards : MonthTable;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('workspace.onlyNext')}
      </Typography>
      {backoffice.error ? <ErrorAlert error={backoffice.error} /> : null}
      <Typography role="status" variant="body2" sx={{ color: 'success.main', minHeight: '1.43em' }}>
        {outcome.said?.kind === 'declared'
          ? t('workspace.declaredSaid', { month: formatMonth(outcome.said.month, lang) })
          : outcome.said?.kind === 'corrected'
            ? t('correction.done', { month: formatMonth(outcome.said.month, lang), amount: formatMoney(outcome.said.amount, lang) })
            : ''}
      </Typography>
      <Months
        label={t('workspace.timeline')}
        actions={actions}
        pinned={shown.pinned.map(view)}
        more={more}
        recent={shown.recent.map(view)}
      />
    </>
  );
}
