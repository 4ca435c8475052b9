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
import type { Lang } from '../../../../contract/enums.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { RentalDebtStatusChip } from './rental-debt-status-chip.js';

/** One month of the timeline as both views show it. */
export interface MonthView {
  debt: RentalDebt;
  anchor: string;
  canDeclare: boolean;
  canCorrect: boolean;
  onDeclare: () => void;
  onCorrect: () => void;
  /** The month's open form (declare or correct), if any. */
  form: ReactNode;
  /** Payments the partner moved from or to this month, said on it. */
  moveNotes: string[];
}

interface Props {
  label: string;
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

function Status({ d, notes }: { d: RentalDebt; notes: string[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <>
      <RentalDebtStatusChip status={d.status} />
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

function Actions({ m, month }: { m: MonthView; month: string }) {
  const { t } = useTranslation();
  return (
    <>
      {m.canDeclare ? (
        <Button size="small" onClick={m.onDeclare} aria-label={t('common.labelValue', { label: t('workspace.declare'), value: month })}>
          {t('workspace.declare')}
        </Button>
      ) : null}
      {m.canCorrect ? (
        <Button size="small" onClick={m.onCorrect} aria-label={t('common.labelValue', { label: t('workspace.correct'), value: month })}>
          {t('workspace.correct')}
        </Button>
      ) : null}
    </>
  );
}

/** On a desk: one row per month, the open form in a row below it. */
export function MonthTable({ label, pinned, more, recent }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const row = (m: MonthView) => {
    const month = formatMonth(m.debt.rentDueDate, lang);
    const a = amounts(m.debt, lang);
    return (
      <Fragment key={m.debt.rentDueDate}>
        <TableRow id={m.anchor} sx={m.debt.id === null ? { bgcolor: 'action.hover' } : undefined}>
          <TableCell component="th" scope="row" sx={{ textTransform: 'capitalize' }}>
            {month}
          </TableCell>
          <TableCell>
            <Status d={m.debt} notes={m.moveNotes} />
          </TableCell>
          {AMOUNTS.map((k) => (
            <TableCell key={k} align="right">
              {a[k]}
            </TableCell>
          ))}
          <TableCell align="right">
            <Actions m={m} month={month} />
          </TableCell>
        </TableRow>
        {m.form ? (
          <TableRow>
            <TableCell colSpan={7}>{m.form}</TableCell>
          </TableRow>
        ) : null}
      </Fragment>
    );
  };
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

/** On a phone: one card per month, its amounts as label and value, the open form inside it. */
export function MonthCards({ label, pinned, more, recent }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const card = (m: MonthView) => {
    const month = formatMonth(m.debt.rentDueDate, lang);
    const a = amounts(m.debt, lang);
    return (
      <Paper
        key={m.debt.rentDueDate}
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
            <Status d={m.debt} notes={m.moveNotes} />
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
        {m.canDeclare || m.canCorrect ? (
          <Box sx={{ mt: 1 }}>
            <Actions m={m} month={month} />
          </Box>
        ) : null}
        {m.form}
      </Paper>
    );
  };
  return (
    <Stack component="ul" spacing={1} aria-label={label} sx={{ p: 0, m: 0 }}>
      {pinned.map(card)}
      {more ? <li style={{ listStyle: 'none' }}>{more}</li> : null}
      {recent.map(card)}
    </Stack>
  );
}
