import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { RoundRow } from '../../../../contract/round.js';
import { prefill, type FieldErrors, type RowInput } from '../round-rows.js';
import type { RowOutcome } from '../use-round-sender.js';
import { RoundRowView, type RoundRowProps } from './round-row-view.js';

export const inputKey = (row: RoundRow): string => `${row.claimId}:${row.months[0]?.rentDueDate ?? ''}`;

/** The round's rows: a table on a desk, a list of cards on a phone (the same fields and actions). */
export function RoundList(p: {
  rows: readonly RoundRow[];
  layout: 'table' | 'card';
  inputs: ReadonlyMap<string, RowInput>;
  errors: ReadonlyMap<string, FieldErrors>;
  outcomes: ReadonlyMap<string, RowOutcome>;
  checked: ReadonlySet<string>;
  today: string;
  onCheckAll: (checked: boolean) => void;
  handlers: Pick<RoundRowProps, 'onInput' | 'onCheck' | 'onDeclare'>;
}) {
  const { t } = useTranslation();
  const checkable = p.rows.filter((r) => r.months.length > 0 && p.outcomes.get(r.claimId)?.phase !== 'sending');
  const all = checkable.length > 0 && checkable.every((r) => p.checked.has(r.claimId));
  const some = checkable.some((r) => p.checked.has(r.claimId));
  const selectAll = (
    <Checkbox
      checked={all}
      indeterminate={some && !all}
      disabled={checkable.length === 0}
      onChange={(e) => p.onCheckAll(e.target.checked)}
      slotProps={{ input: { 'aria-label': t('round.selectAll') } }}
    />
  );
  const rows = p.rows.map((row, index) => (
    <RoundRowView
      key={row.claimId}
      row={row}
      index={index}
      input={p.inputs.get(inputKey(row)) ?? prefill(row)}
      errors={p.errors.get(row.claimId)}
      outcome={p.outcomes.get(row.claimId)}
      checked={p.checked.has(row.claimId)}
      today={p.today}
      layout={p.layout}
      {...p.handlers}
    />
  ));
  if (p.layout === 'card')
    return (
      <Stack spacing={1.5}>
        <FormControlLabel control={selectAll} label={t('round.selectAll')} />
        <Stack component="ul" spacing={1.5} aria-label={t('round.table')} sx={{ p: 0, m: 0 }}>
          {rows}
        </Stack>
      </Stack>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('round.table')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">{selectAll}</TableCell>
            <TableCell>{t('round.columns.tenant')}</TableCell>
            <TableCell>{t('round.columns.month')}</TableCell>
            <TableCell>{t('round.columns.target')}</TableCell>
            <TableCell>{`${t('round.columns.rent')} · ${t('round.columns.received')}`}</TableCell>
            <TableCell>{t('round.columns.state')}</TableCell>
            <TableCell>{t('round.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{rows}</TableBody>
      </Table>
    </TableContainer>
  );
}
