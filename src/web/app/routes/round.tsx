import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { startTransition, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { defaultClaimView } from '../../../contract/assignments.js';
import { RentalDebtStatus } from '../../../contract/enums.js';
import { isRowPastDeadline, type RoundRow } from '../../../contract/round.js';
import { ClaimViewSwitch } from '../../components/claim-view-switch.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { useSession } from '../../features/auth/api/get-session.js';
import { useRound } from '../../features/round/api/get-round.js';
import { RoundFilters, isRoundState } from '../../features/round/components/round-filters.js';
import { RoundDeclareBar } from '../../features/round/components/round-declare-bar.js';
import { RoundList, type RoundFocus } from '../../features/round/components/round-list.js';
import { RoundReminders } from '../../features/round/components/round-reminders.js';
import { useRoundForm } from '../../features/round/use-round-form.js';
import { NotRecorded, outcomeUnknown, useRoundSender, type RowJob, type RowOutcome } from '../../features/round/use-round-sender.js';
import { formatDate, formatTime } from '../../lib/dates.js';
import { useLang } from '../../lib/i18n.js';
import { useUrlParams } from '../../lib/use-url-params.js';
import { claimViewParam, claimViewUpdate } from '../list-queries.js';

/** A batch's result in one sentence: months declared, those blocked as late, rows refused, rows not recorded or of unknown outcome (to retry). */
function summaryOf(ended: readonly RowOutcome[], t: TFunction): string {
  const declared = ended.flatMap((o) => o.declared);
  const blocked = declared.filter((d) => d.status === RentalDebtStatus.BlockedLateDeclaration).length;
  const failed = ended.flatMap((o) => (o.phase === 'error' ? [o.error] : []));
  const notRecorded = failed.filter((e) => e instanceof NotRecorded).length;
  const unknown = failed.filter(outcomeUnknown).length;
  const refused = failed.length - notRecorded - unknown;
  return [
    t('round.summaryDeclared', { count: declared.length }) + (blocked > 0 ? `, ${t('round.summaryBlocked', { count: blocked })}` : ''),
    ...(refused > 0 ? [t('round.summaryRefused', { count: refused })] : []),
    ...(notRecorded > 0 ? [t('round.summaryNotRecorded', { count: notRecorded })] : []),
    ...(unknown > 0 ? [t('round.summaryUnknown', { count: unknown })] : []),
  ].join(' · ');
}

/**
 * The monthly round: every open claim with a month to declare, its oldest month first, the rent
 * prefilled; one action declares a row (or every pending month of it at that rent), the checked
 * rows go together after their control total. Each month is one call through the dashboard's
 * forwarding, with its own Idempotency-Key; the list is read again from the partner afterwards.
 */
export default function RoundRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const { params, update } = useUrlParams();
  const role = useSession().data?.user.role;
  const view = claimViewParam(params, role);
  const round = useRound(view);
  const tenant = params.get('tenant') ?? '';
  const stateParam = params.get('state');
  const state = isRoundState(stateParam) ? stateParam : null;
  const late = params.get('late') === '1';
  const wordsId = useId();
  const { outcomes, finished, send, busy } = useRoundSender();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [focus, setFocus] = useState<RoundFocus | null>(null);
  // the last batch's result, said once (a live region), and where the focus goes after the dialog
  const [summary, setSummary] = useState('');
  const resultRef = useRef<HTMLParagraphElement>(null);
  const [focusResult, setFocusResult] = useState(0);
  useEffect(() => {
    if (focusResult > 0) resultRef.current?.focus();
  }, [focusResult]);
  const today = round.data?.today ?? '';

  // the partner's rows, and the rows sent from here that it no longer lists (every month declared)
  const listed = round.data?.rows ?? [];
  const ids = new Set(listed.map((r) => r.claimId));
  // (a refused row keeps its months still to declare: the partner may list it again once the claim is fixed, and it is retried from here)
  const gone = [...finished.values()]
    .filter((r) => !ids.has(r.claimId))
    .map((r) => {
      const declared = new Set((outcomes.get(r.claimId)?.declared ?? []).map((d) => d.rentDueDate));
      const months = outcomes.get(r.claimId)?.phase === 'error' ? r.months.filter((m) => !declared.has(m.rentDueDate)) : [];
      return { ...r, months, monthCount: months.length };
    });
  const rows: RoundRow[] = [...listed, ...gone];
  const { form, indexOf, check, firstError, invalidCount } = useRoundForm(rows, today);
  const deferredTenant = useDeferredValue(tenant.trim().toLowerCase());
  const shown = rows.filter((r) => {
    const name = `${r.tenant.firstName} ${r.tenant.lastName}`.toLowerCase();
    if (deferredTenant && !name.includes(deferredTenant)) return false;
    if (late && !isRowPastDeadline(r)) return false;
    const phase = outcomes.get(r.claimId)?.phase;
    if (state === 'done') return phase === 'done';
    if (state === 'error') return phase === 'error';
    if (state === 'todo') return r.months.length > 0 && phase !== 'done';
    return true;
  });

  /** Checks rows with the contract's rules: their jobs, or the user is taken to the first row to correct. */
  const jobsOf = (list: readonly RoundRow[], every: boolean): RowJob[] | null => {
    const { jobs, invalid } = check(list, every);
    const first = invalid[0];
    if (!first) return jobs;
    setFocus({ claimId: first.claimId, target: firstError(first) });
    return null;
  };
  const start = async (jobs: RowJob[], announce: boolean) => {
    setChecked((prev) => new Set([...prev].filter((id) => !jobs.some((j) => j.row.claimId === id))));
    setSummary('');
    const ended = await send(jobs);
    if (announce && ended.length > 0) setSummary(summaryOf(ended, t));
  };
  const onCheck = (claimId: string, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(claimId);
      else next.delete(claimId);
      return next;
    });
  const onDeclare = (claimId: string, every: boolean) => {
    const row = rows.find((r) => r.claimId === claimId);
    const jobs = row ? jobsOf([row], every) : null;
    if (!jobs || jobs.length === 0) return;
    // the row's buttons are locked while it goes: the user is taken to its result
    setFocus({ claimId, target: 'result' });
    void start(jobs, false);
  };
  const onFocused = () => setFocus(null);
  const checkedRows = shown.filter((r) => checked.has(r.claimId) && r.months.length > 0);
  const data = round.data;
  // when the rows were read from the partner (the round's own time before the first sync)
  const asOf = data ? new Date(data.asOf ?? Date.parse(data.generatedAt)).toISOString() : '';
  const left = [...outcomes.values()].filter((o) => o.phase === 'sending').length;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('round.title')}
        </Typography>
        <Typography color="text.secondary">{t('round.intro')}</Typography>
        {data ? <Typography color="text.secondary">{t('round.target', { day: data.declarationDay })}</Typography> : null}
        {/* the two things a row can say about time, each in its own words: how long the rent has been due, and a deadline passed */}
        <Typography id={wordsId} variant="body2" color="text.secondary">
          {t('round.words')}
        </Typography>
        <Typography variant="caption" color="text.secondary" aria-live="polite" component="p" sx={{ minHeight: '1.66em' }}>
          {data
            ? `${t('round.claims', { count: data.rows.length })}, ${t('round.monthsDue', { count: data.monthsDue })} · ${t(
                'round.updated',
                {
                  date: formatDate(asOf, lang),
                  time: formatTime(asOf, lang),
                },
              )}`
            : ''}
        </Typography>
        <RoundReminders />
      </div>
      {/* a round that opens on her own claims (an intermediary's: opened or looked after) offers the agency's */}
      {role !== undefined && defaultClaimView(role) === 'mine' ? (
        <ClaimViewSwitch value={view} onChange={(v) => update({ view: claimViewUpdate(v, role) })} />
      ) : null}
      <RoundFilters
        tenant={tenant}
        state={state}
        late={late}
        lateDescribedBy={wordsId}
        onTenant={(v) => update({ tenant: v || null })}
        onState={(v) => update({ state: v })}
        onLate={(v) => update({ late: v ? '1' : null })}
        onClear={() => update({ tenant: null, state: null, late: null })}
      />
      <Box>
        {busy ? <Typography variant="body2">{t('round.sending', { count: left })}</Typography> : null}
        <Typography ref={resultRef} tabIndex={-1} role="status" aria-label={t('round.result')} variant="body2" sx={{ fontWeight: 600 }}>
          {summary}
        </Typography>
      </Box>
      {round.isError ? <ErrorAlert error={round.error} onRetry={() => void round.refetch()} /> : null}
      {round.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {data && shown.length === 0 ? (
        <Alert severity="info">
          {t(
            data.asOf === null && rows.length === 0 ? 'readModel.firstSync' : rows.length === 0 ? 'round.nothing' : 'round.nothingFiltered',
          )}
        </Alert>
      ) : null}
      <FormProvider {...form}>
        {data && shown.length > 0 ? (
          <RoundList
            rows={shown}
            layout={phone ? 'card' : 'table'}
            formIndex={indexOf}
            outcomes={outcomes}
            checked={checked}
            today={today}
            focus={focus}
            onFocused={onFocused}
            onCheckAll={(on) => setChecked(on ? new Set(shown.filter((r) => r.months.length > 0).map((r) => r.claimId)) : new Set())}
            handlers={{ onCheck, onDeclare }}
          />
        ) : null}
      </FormProvider>
      {data && rows.length > 0 ? (
        <RoundDeclareBar
          count={checkedRows.length}
          invalidCount={invalidCount}
          jobsOfChecked={() => jobsOf(checkedRows, false)}
          onConfirm={(jobs) => {
            // the dialog's trigger is disabled now: the focus goes to the round's result (after the dialog gives it back)
            setFocusResult((n) => n + 1);
            // the tap's answer, the dialog closing, is drawn first; the rows' sending state, every
            // checked row drawn again, comes after it (a transition)
            startTransition(() => void start(jobs, true));
          }}
        />
      ) : null}
    </Stack>
  );
}
