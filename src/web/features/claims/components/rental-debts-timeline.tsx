import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatMoney, formatMonth } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useRentalDebts } from '../api/claim-reads.js';
import { CorrectAmountForm } from './correct-amount-form.js';
import { DeclareMonthForm } from './declare-month-form.js';
import { RentalDebtStatusChip } from './rental-debt-status-chip.js';

/** Every month from the first unpaid one to today; only the next month in order can be declared. */
export function RentalDebtsTimeline({
  claimId,
  rentAmount,
  today,
  canEdit,
}: {
  claimId: string;
  rentAmount: number;
  today: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const debts = useRentalDebts(claimId);
  const [declaring, setDeclaring] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<string | null>(null);
  // arriving from the inbox on the next month to declare (#month-yyyy-MM) opens its form once
  const { hash } = useLocation();
  const [opened, setOpened] = useState<string | null>(null);
  const linked = debts.data?.find((d) => d.id === null && `#month-${d.rentDueDate.slice(0, 7)}` === hash);
  if (canEdit && linked && linked === debts.data?.find((d) => d.id === null) && opened !== hash) {
    setOpened(hash);
    setDeclaring(linked.rentDueDate);
  }
  if (debts.isPending) return <Skeleton variant="rounded" height={200} />;
  if (debts.isError) return <ErrorAlert error={debts.error} onRetry={() => void debts.refetch()} />;
  const next = debts.data.find((d) => d.id === null);
  const lastRent = [...debts.data].reverse().find((d) => d.rentAmount !== null)?.rentAmount ?? rentAmount;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('workspace.onlyNext')}
      </Typography>
      <Table size="small" aria-label={t('workspace.timeline')}>
        <TableHead>
          <TableRow>
            {['month', 'status', 'rent', 'received', 'guarantor', 'due'].map((c) => (
              <TableCell key={c} align={c === 'month' || c === 'status' ? 'left' : 'right'}>
                {t(`workspace.${c}`)}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {debts.data.map((d) => {
            const month = formatMonth(d.rentDueDate, lang);
            return (
              <Fragment key={d.rentDueDate}>
                <TableRow id={`month-${d.rentDueDate.slice(0, 7)}`} sx={d.id === null ? { bgcolor: 'action.hover' } : undefined}>
                  <TableCell component="th" scope="row" sx={{ textTransform: 'capitalize' }}>
                    {month}
                  </TableCell>
                  <TableCell>
                    <RentalDebtStatusChip status={d.status} />
                    {d.receiptStatus ? (
                      <Typography variant="caption" component="p" color="text.secondary">
                        {t(d.receiptStatus === 2 ? 'receipt.signedLine' : 'receipt.pendingLine')}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">{d.rentAmount === null ? '—' : formatMoney(d.rentAmount, lang)}</TableCell>
                  <TableCell align="right">{d.id === null ? '—' : formatMoney(d.rentAmountReceived + d.tenantPaidAmount, lang)}</TableCell>
                  <TableCell align="right">{d.id === null ? '—' : formatMoney(d.guarantorPaidAmount, lang)}</TableCell>
                  <TableCell align="right">{d.id === null ? '—' : formatMoney(d.amountDue, lang)}</TableCell>
                  <TableCell align="right">
                    {canEdit && d === next && declaring !== d.rentDueDate ? (
                      <Button size="small" onClick={() => setDeclaring(d.rentDueDate)} aria-label={`${t('workspace.declare')} : ${month}`}>
                        {t('workspace.declare')}
                      </Button>
                    ) : null}
                    {canEdit && d.id !== null && d.receiptStatus === null && correcting !== d.id ? (
                      <Button size="small" onClick={() => setCorrecting(d.id)} aria-label={`${t('workspace.correct')} : ${month}`}>
                        {t('workspace.correct')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
                {d.id !== null && correcting === d.id ? (
                  <TableRow>
                    <TableCell colSpan={7}>
                      <CorrectAmountForm claimId={claimId} debt={d} today={today} onDone={() => setCorrecting(null)} />
                    </TableCell>
                  </TableRow>
                ) : null}
                {declaring === d.rentDueDate ? (
                  <TableRow>
                    <TableCell colSpan={7}>
                      <DeclareMonthForm
                        claimId={claimId}
                        month={d.rentDueDate}
                        rentAmount={lastRent}
                        today={today}
                        onDone={() => setDeclaring(null)}
                      />
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
