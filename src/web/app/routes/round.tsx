import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RentalDebtCreateBody } from '../../../contract/claims.js';
import { isRoundRowLate, type RoundRow } from '../../../contract/round.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { lazyPart } from '../../components/lazy-part.js';
import { useRound } from '../../features/round/api/get-round.js';
import { RoundFilters, isRoundState } from '../../features/round/components/round-filters.js';
import { RoundList, inputKey } from '../../features/round/components/round-list.js';
import { RoundReminders } from '../../features/round/components/round-reminders.js';
import { bodyFor, controlTotal, prefill, type FieldErrors, type RowInput } from '../../features/round/round-rows.js';
import { useRoundSender, type RowJob } from '../../features/round/use-round-sender.js';
import { formatDate, formatTime } from '../../lib/dates.js';
import { currentLang } from '../../lib/i18n.js';
import { useUrlParams } from '../../lib/use-url-params.js';

// the control total's dialog (MUI's Dialog) comes when the checked rows are first sent, not with the page
const RoundConfirm = lazyPart(async () => (await import('../../features/round/components/round-confirm.js')).RoundConfirm);

/**
 * The monthly round: every open claim with a month to declare, its oldest month first, the rent
 * prefilled; one action declares a row (or every pending month of it at that rent), the checked
 * rows go together after their control total. Each month is one call through the dashboard's
 * forwarding, with its own Idempotency-Key; the list is read again from the partner afterwards.
 */
export default function RoundRoute() {
  const { t } = useTranslation();
  const lang = currentLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const round = useRound();
  const { params, update } = useUrlParams();
  const tenant = params.get('tenant') ?? '';
  const stateParam = params.get('state');
  const state = isRoundState(stateParam) ? stateParam : null;
  const late = params.get('late') === '1';
  const { outcomes, finished, send, busy } = useRoundSender();
  const [inputs, setInputs] = useState<ReadonlyMap<string, RowInput>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, FieldErrors>>(new Map());
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<RowJob[] | null>(null);
  // the dialog stays once drawn, so it closes with its transition
  const [asked, setAsked] = useState(false);
  const today = round.data?.today ?? '';

  // the partner's rows, and the rows sent from here that it no longer lists (every month declared)
  const rows = useMemo<RoundRow[]>(() => {
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
    return [...listed, ...gone];
  }, [round.data, finished, outcomes]);
  const deferredTenant = useDeferredValue(tenant.trim().toLowerCase());
  const shown = useMemo(
    () =>
      rows.filter((r) => {
        const name = `${r.tenant.firstName} ${r.tenant.lastName}`.toLowerCase();
        if (deferredTenant && !name.includes(deferredTenant)) return false;
        if (late && !isRoundRowLate(r)) return false;
        const phase = outcomes.get(r.claimId)?.phase;
        if (state === 'done') return phase === 'done';
        if (state === 'error') return phase === 'error';
        if (state === 'todo') return r.months.length > 0 && phase !== 'done';
        return true;
      }),
    [rows, deferredTenant, late, state, outcomes],
  );

  const inputOf = useCallback((row: RoundRow) => inputs.get(inputKey(row)) ?? prefill(row), [inputs]);
  /** The bodies of a row's months (the first, or every one at its rent; what was received counts for the first only), or its errors. */
  const jobOf = useCallback(
    (row: RoundRow, every: boolean): RowJob | FieldErrors => {
      const input = inputOf(row);
      const months = every ? row.months : row.months.slice(0, 1);
      const bodies: RentalDebtCreateBody[] = [];
      for (const [i, m] of months.entries()) {
        const result = bodyFor(i === 0 ? input : { ...input, received: '0', receivedDate: '' }, m.rentDueDate, today);
        if (!result.ok) return result.errors;
        bodies.push(result.body);
      }
      return { row, bodies };
    },
    [inputOf, today],
  );
  const setRowErrors = (claimId: string, e: FieldErrors | null) =>
    setErrors((prev) => {
      const next = new Map(prev);
      if (e) next.set(claimId, e);
      else next.delete(claimId);
      return next;
    });
  const jobsOf = (list: readonly RoundRow[], every: boolean): RowJob[] | null => {
    let ok = true;
    const jobs: RowJob[] = [];
    for (const row of list) {
      const job = jobOf(row, every);
      if ('bodies' in job) {
        jobs.push(job);
        setRowErrors(row.claimId, null);
      } else {
        ok = false;
        setRowErrors(row.claimId, job);
      }
    }
    return ok ? jobs : null;
  };
  const start = (jobs: RowJob[]) => {
    setChecked((prev) => new Set([...prev].filter((id) => !jobs.some((j) => j.row.claimId === id))));
    void send(jobs);
  };

  // the rows' handlers stay the same function from render to render (the rows are memoized): the
  // declaration reads the latest rows and inputs through a ref set after each render
  const declareRow = useRef<(claimId: string, every: boolean) => void>(() => undefined);
  useLayoutEffect(() => {
    declareRow.current = (claimId, every) => {
      const row = rows.find((r) => r.claimId === claimId);
      const jobs = row ? jobsOf([row], every) : null;
      if (jobs) start(jobs);
    };
  });
  const onInput = useCallback(
    (claimId: string, input: RowInput) => {
      const row = rows.find((r) => r.claimId === claimId);
      if (row) setInputs((prev) => new Map(prev).set(inputKey(row), input));
    },
    [rows, setInputs],
  );
  const onCheck = useCallback(
    (claimId: string, on: boolean) => {
      setChecked((prev) => {
        const next = new Set(prev);
        if (on) next.add(claimId);
        else next.delete(claimId);
        return next;
      });
    },
    [setChecked],
  );
  const onDeclare = useCallback((claimId: string, every: boolean) => declareRow.current(claimId, every), []);
  const handlers = useMemo(() => ({ onInput, onCheck, onDeclare }), [onInput, onCheck, onDeclare]);
  const checkedRows = shown.filter((r) => checked.has(r.claimId) && r.months.length > 0);
  const declareChecked = () => {
    const jobs = jobsOf(checkedRows, false);
    if (jobs && jobs.length > 0) {
      setConfirming(jobs);
      setAsked(true);
    }
  };
  const total = confirming ? controlTotal(confirming.flatMap((j) => j.bodies)) : null;
  const data = round.data;
  const left = [...outcomes.values()].filter((o) => o.phase === 'sending').length;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('round.title')}
        </Typography>
        <Typography color="text.secondary">{t('round.intro')}</Typography>
        {data ? <Typography color="text.secondary">{t('round.target', { day: data.declarationDay })}</Typography> : null}
        <Typography variant="caption" color="text.secondary" aria-live="polite" component="p" sx={{ minHeight: '1.66em' }}>
          {data
            ? `${t('round.rows', { count: data.rows.length, months: data.monthsDue })} · ${t('round.updated', {
                date: formatDate(new Date(data.asOf ?? Date.parse(data.generatedAt)).toISOString(), lang),
                time: formatTime(new Date(data.asOf ?? Date.parse(data.generatedAt)).toISOString(), lang),
              })}`
            : ''}
        </Typography>
        <RoundReminders />
      </div>
      <RoundFilters
        tenant={tenant}
        state={state}
        late={late}
        onTenant={(v) => update({ tenant: v || null })}
        onState={(v) => update({ state: v })}
        onLate={(v) => update({ late: v ? '1' : null })}
        onClear={() => update({ tenant: null, state: null, late: null })}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" disabled={checkedRows.length === 0} onClick={declareChecked}>
          {checkedRows.length === 0 ? t('round.declareCheckedNone') : t('round.declareChecked', { count: checkedRows.length })}
        </Button>
        {busy ? (
          <Typography role="status" variant="body2">
            {t('round.sending', { left })}
          </Typography>
        ) : null}
      </Stack>
      {round.isError ? <ErrorAlert error={round.error} onRetry={() => void round.refetch()} /> : null}
      {round.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {data && shown.length === 0 ? (
        <Alert severity="info">{t(rows.length === 0 ? 'round.nothing' : 'round.nothingFiltered')}</Alert>
      ) : null}
      {data && shown.length > 0 ? (
        <RoundList
          rows={shown}
          layout={phone ? 'card' : 'table'}
          inputs={inputs}
          errors={errors}
          outcomes={outcomes}
          checked={checked}
          today={today}
          onCheckAll={(on) => setChecked(on ? new Set(shown.filter((r) => r.months.length > 0).map((r) => r.claimId)) : new Set())}
          handlers={handlers}
        />
      ) : null}
      {asked ? (
        <RoundConfirm
          fallback={null}
          total={total}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const jobs = confirming;
            setConfirming(null);
            if (jobs) start(jobs);
          }}
        />
      ) : null}
    </Stack>
  );
}
