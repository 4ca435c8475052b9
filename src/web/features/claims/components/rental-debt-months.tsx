import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RentalDebt } from '../../../../contract/claims.js';
import { RentalDebtStatus, type Lang } from '../../../../contract/enums.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { BlockedMonthNote } from './blocked-month-note.js';
import { RentalDebtStatusChip } from './rental-debt-status-chip.js';

/** One month of the timeline as both views show it. */
export interface MonthView {
  debt: RentalDebt;
  anchor: string;
  canDeclare: boolean;
  canCorrect: boolean;
  /** The month's open form (declare or correct), if any. */
  form: ReactNode;
  /** Payments the partner moved from or to this month, said on it. */
  moveNotes: string[];
  /** An earlier month blocked for a late declaration (its due date) that this one waits for. */
  blockedBefore: string | null;
  /** The next month to declare whose rent is not due yet: the day it is due (on the claim's day), from which it can be declared. */
  dueFrom: string | null;
}

/** What the months' buttons do (the same functions at every render: a month redrawn only when it changes). */
export interface MonthActions {
  onDeclare: (rentDueDate: string) => void;
  onCorrect: (debtId: string) => void;
  /** Sandbox mode: the back office accepts a month declared late. */
  onUnblock?: (debtId: string) => void;
}

interface Props {
  label: string;
  actions: MonthActions;
  pinned: MonthView[];
  /** Between the pinned months and the recent ones: how many are collapsed, and "show more". */
  more: ReactNode;
  recent: MonthView[];
}

const AMOUNTS = ['rent', 'received', 'guarantor', 'due'] as const;

function amounts(d: RentalDebt, lang: Lang): Record<(typeof AMOUNTS)[number], string> {
  const declared = d.id !== null;
  return {
    rent: d.rentAmount === null ? '—' : formatMoney(d.rentAmount, lang),
    received: declared ? formatMoney(d.rentAmountReceived + d.tenantPaidAmount, lang) : '—',
    guarantor: declared ? formatMoney(d.guarantorPaidAmount, lang) : '—',
    due: declared ? formatMoney(d.amountDue, lang) : '—',
  };
}

function Status({
  d,
  notes,
  blockedBefore,
  dueFrom,
}: {
  d: RentalDebt;
  notes: string[];
  blockedBefore: string | null;
  dueFrom: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <RentalDebtStatusChip status={d.status} />
      {d.status === RentalDebtStatus.PendingPreviousBlocked && blockedBefore ? (
        <Typography variant="caption" component="p" color="text.secondary">
          {t('blocked.waiting', { month: formatMonth(blockedBefore, lang) })}
        </Typography>
      ) : null}
      {dueFrom ? (
        <Typography variant="caption" component="p" color="text.secondary">
          {t('workspace.dueFrom', { date: formatDate(dueFrom, lang) })}
        </Typography>
      ) : null}
      {d.id !== null && d.rentAmountReceived > 0 ? (
        <Typography variant="caption" component="p" color="text.secondary">
          {t('workspace.receivedAtDeclaration', {
            amount: formatMoney(d.rentAmountReceived, lang),
            date: formatDate(d.rentAmountReceivedDate, lang),
          })}
        </Typography>
      ) : null}
      {notes.map((n) => (
        <Typography key={n} variant="caption" component="p" color="warning.main">
          {n}
        </Typography>
      ))}
      {d.receiptStatus ? (
        <Typography variant="caption" component="p" color="text.secondary">
          {t(d.receiptStatus === 2 ? 'receipt.signedLine' : 'receipt.pendingLine')}
        </Typography>
      ) : null}
    </>
  );
}

/** A month blocked for a late declaration: what it means and what comes next, said on it. */
function blocked(m: MonthView, actions: MonthActions): ReactNode {
  const { id, status, rentDueDate } = m.debt;
  if (id === null || status !== RentalDebtStatus.BlockedLateDeclaration) return null;
  const unblock = actions.onUnblock;
  return <BlockedMonthNote rentDueDate={rentDueDate} onUnblock={unblock ? () => unblock(id) : undefined} />;
}

function Actions({ m, month, actions }: { m: MonthView; month: string; actions: MonthActions }) {
  const { t } = useTranslation();
  const { id, rentDueDate } = m.debt;
  return (
    <>
      {m.canDeclare ? (
        <Button
          size="small"
          onClick={() => actions.onDeclare(rentDueDate)}
          data-action="declare"
          aria-label={t('common.labelValue', { label: t('workspace.declare'), value: month })}
        >
          {t('workspace.declare')}
        </Button>
      ) : null}
      {m.canCorrect && id !== null ? (
        <Button
          size="small"
          onClick={() => actions.onCorrect(id)}
          data-action="correct"
          aria-label={t('common.labelValue', { label: t('workspace.correct'), value: month })}
        >
          {t('workspace.correct')}
        </Button>
      ) : null}
    </>
  );
}

/** One month as a table row, its open form in a row below it. */
function MonthRow({ m, actions, lang }: { m: MonthView; actions: MonthActions; lang: Lang }) {
  const month = formatMonth(m.debt.rentDueDate, lang);
  const a = amounts(m.debt, lang);
  return (
    <>
      <TableRow id={m.anchor} sx={m.debt.id === null ? { bgcolor: 'action.hover' } : undefined}>
        <TableCell component="th" scope="row" sx={{ textTransform: 'capitalize' }}>
          {month}
        </TableCell>
        <TableCell>
          <Status d={m.debt} notes={m.moveNotes} blockedBefore={m.blockedBefore} dueFrom={m.dueFrom} />
        </TableCell>
        {AMOUNTS.map((k) => (
          <TableCell key={k} align="right">
            {a[k]}
          </TableCell>
        ))}
        <TableCell align="right">
          <Actions m={m} month={month} actions={actions} />
        </TableCell>
      </TableRow>
      {blocked(m, actions) ? (
        <TableRow>
          <TableCell colSpan={7}>{blocked(m, actions)}</TableCell>
        </TableRow>
      ) : null}
      {m.form ? (
        <TableRow>
          <TableCell colSpan={7}>{m.form}</TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/** On a desk: one row per month, the open form in a row below it. */
export function MonthTable({ label, actions, pinned, more, recent }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const row = (m: MonthView) => <MonthRow key={m.debt.rentDueDate} m={m} actions={actions} lang={lang} />;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {(['month', 'status', ...AMOUNTS] as const).map((c) => (
              <TableCell key={c} align={c === 'month' || c === 'status' ? 'left' : 'right'}>
                {t(`workspace.${c}`)}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {pinned.map(row)}
          {more ? (
            <TableRow>
              <TableCell colSpan={7}>{more}</TableCell>
            </TableRow>
          ) : null}
          {recent.map(row)}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One month as a card: its amounts as label and value, the open form inside it. */
function MonthCard({ m, actions, lang }: { m: MonthView; actions: MonthActions; lang: Lang }) {
  const { t } = useTranslation();
  const month = formatMonth(m.debt.rentDueDate, lang);
  const a = amounts(m.debt, lang);
  return (
    <Paper
      component="li"
      id={m.anchor}
      variant="outlined"
      sx={{ p: 1.5, listStyle: 'none', bgcolor: m.debt.id === null ? 'action.hover' : undefined }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="subtitle2" sx={{ textTransform: 'capitalize', mr: 'auto' }}>
          {month}
        </Typography>
        <Box>
          <Status d={m.debt} notes={m.moveNotes} blockedBefore={m.blockedBefore} dueFrom={m.dueFrom} />
        </Box>
      </Stack>
      {/* a month not declared yet has no amounts: its chip says so, without four dashes */}
      {m.debt.id === null ? null : (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {AMOUNTS.map((k) => (
            <Fragment key={k}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`workspace.${k}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {a[k]}
              </Typography>
            </Fragment>
          ))}
        </Box>
      )}
      {blocked(m, actions) ? <Box sx={{ mt: 1 }}>{blocked(m, actions)}</Box> : null}
      {m.canDeclare || m.canCorrect ? (
        <Box sx={{ mt: 1 }}>
          <Actions m={m} month={month} actions={actions} />
        </Box>
      ) : null}
      {m.form}
    </Paper>
  );
}

/** On a phone: one card per month, its amounts as label and value, the open form inside it. */
export function MonthCards({ label, actions, pinned, more, recent }: Props) {
  const lang = useLang();
  const card = (m: MonthView) => <MonthCard key={m.debt.rentDueDate} m={m} actions={actions} lang={lang} />;
  return (
    <Stack component="ul" spacing={1} aria-label={label} sx={{ p: 0, m: 0 }}>
      {pinned.map(card)}
      {more ? <li style={{ listStyle: 'none' }}>{more}</li> : null}
      {recent.map(card)}
    </Stack>
  );
}
