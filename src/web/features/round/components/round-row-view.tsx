import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import { LIGHT_CHECKBOX } from './light-checkbox.js';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RoundRow } from '../../../../contract/round.js';
import { formatMonth, formatOfMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { toNumber } from '../round-rows.js';
import type { RoundField as RoundFieldName, RoundFormValues } from '../use-round-form.js';
import type { RowOutcome } from '../use-round-sender.js';
import { RoundField } from './round-field.js';
import { RoundMonth, RoundTarget } from './round-month.js';
import { RoundOutcome } from './round-outcome.js';

export interface RoundRowProps {
  row: RoundRow;
  /** The row's place among the rows shown (Enter goes to the next one). */
  index: number;
  /** The row's entry in the round's form. */
  formIndex: number;
  /** The table's virtualizer measures each row drawn (with its data-index). */
  measure?: ((el: Element | null) => void) | undefined;
  /** Where the user is taken in this row (a field to correct, or its result): the ref of that place. */
  focus?: { target: RoundFieldName | 'result'; take: (el: HTMLElement | null) => void } | undefined;
  outcome: RowOutcome | undefined;
  checked: boolean;
  today: string;
  layout: 'table' | 'card';
  onCheck: (claimId: string, checked: boolean) => void;
  onDeclare: (claimId: string, every: boolean) => void;
}

/** On a phone, what a finger touches is 44 px high at least. */
const TOUCH = { minHeight: 44, display: 'inline-flex', alignItems: 'center' } as const;

/** One claim of the round: a table row on a desk, a card on a phone, with the same fields and actions. */
export function RoundRowView(p: RoundRowProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { row, outcome, index, measure } = p;
  const card = p.layout === 'card';
  const [receivedText, receivedDate] = useWatch<RoundFormValues, [`rows.${number}.received`, `rows.${number}.receivedDate`]>({
    name: [`rows.${p.formIndex}.received`, `rows.${p.formIndex}.receivedDate`],
  });
  const tenant = `${row.tenant.firstName} ${row.tenant.lastName}`;
  const month = row.months[0] ? formatMonth(row.months[0].rentDueDate, lang) : '';
  // the month shown was just declared and the round is being read again: not declarable twice
  const locked =
    outcome?.phase === 'sending' ||
    (outcome?.phase === 'done' && outcome.declared.some((d) => d.rentDueDate === row.months[0]?.rentDueDate));
  const done = outcome?.phase === 'done' && row.months.length === 0;
  const received = toNumber(receivedText ?? '', lang) > 0 || Boolean(receivedDate);
  const field = (name: 'rent' | 'received' | 'receivedDate', label: string, long: string) => (
    <RoundField
      index={p.formIndex}
      field={name}
      label={label}
      name={long}
      disabled={locked}
      size={card ? 'medium' : 'small'}
      today={p.today}
      focusHere={p.focus?.target === name ? p.focus.take : undefined}
    />
  );
  const fields =
    row.months.length > 0 ? (
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', pt: card ? 0 : 0.75 }}>
        {field(
          'rent',
          t('round.columns.rent'),
          t('round.rentOf', { ofMonth: row.months[0] ? formatOfMonth(row.months[0].rentDueDate, lang) : '', tenant }),
        )}
        {field('received', t('round.columns.receivedShort'), t('round.receivedOf', { month, tenant }))}
        {received ? field('receivedDate', t('round.columns.receivedDate'), t('round.receivedDateOf', { month, tenant })) : null}
      </Stack>
    ) : null;
  const failed = outcome?.phase === 'error';
  // every pending month at this rent: what the tenant paid is the first month's, said before sending
  const later = row.months.length - 1;
  const firstOnlyId = `round-first-only-${row.claimId}`;
  const firstOnly =
    received && later > 0 ? (
      <Typography id={firstOnlyId} variant="caption" color="text.secondary" sx={{ maxWidth: 320 }}>
        {t('round.receivedFirstOnly', { month, count: later })}
      </Typography>
    ) : null;
  const actions = (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        {row.months.length > 0 ? (
          <Button
            size={card ? 'medium' : 'small'}
            variant="contained"
            disabled={locked}
            // the second click of a double click is not a second declaration (the next month may be there by then)
            onClick={(e) => e.detail <= 1 && p.onDeclare(row.claimId, false)}
            aria-label={failed ? t('round.retryOf', { tenant }) : t('round.declareOf', { month, tenant })}
          >
            {failed ? t('round.retry') : t('round.declare')}
          </Button>
        ) : null}
        {row.monthCount > 1 ? (
          <Button
            size={card ? 'medium' : 'small'}
            variant="outlined"
            disabled={locked}
            onClick={(e) => e.detail <= 1 && p.onDeclare(row.claimId, true)}
            aria-label={t('round.declareAllOf', { count: row.monthCount, tenant })}
            aria-describedby={firstOnly ? firstOnlyId : undefined}
          >
            {t('round.declareAll', { count: row.monthCount })}
          </Button>
        ) : null}
      </Stack>
      {firstOnly}
    </Stack>
  );
  const who = (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      <Link
        component={RouterLink}
        to={`/claims/${row.claimId}`}
        sx={{ fontWeight: 600, ...(card ? TOUCH : {}) }}
        aria-label={`${tenant} · ${t('round.openClaim')}`}
      >
        {tenant}
      </Link>
      {row.property ? (
        <Typography variant="caption" color="text.secondary">
          {row.property}
        </Typography>
      ) : null}
    </Stack>
  );
  const check = (
    <Checkbox
      {...LIGHT_CHECKBOX}
      checked={p.checked}
      disabled={locked || done || row.months.length === 0}
      onChange={(e) => p.onCheck(row.claimId, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('round.selectRow', { tenant }) } }}
    />
  );
  const result = (
    <RoundOutcome outcome={outcome} claimId={row.claimId} focusHere={p.focus?.target === 'result' ? p.focus.take : undefined} />
  );
  if (card)
    return (
      <Card
        variant="outlined"
        component="li"
        aria-label={tenant}
        data-round-row={row.claimId}
        sx={{ listStyle: 'none', contentVisibility: 'auto', containIntrinsicSize: 'auto 300px' }}
      >
        <CardContent>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              {check}
              {who}
            </Stack>
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              {row.months.length > 0 ? <RoundMonth row={row} /> : <span />}
              {row.months.length > 0 ? <RoundTarget row={row} /> : null}
            </Stack>
            {fields}
            {result}
            {actions}
          </Stack>
        </CardContent>
      </Card>
    );
  return (
    <TableRow ref={measure} data-index={index} data-round-row={row.claimId} aria-rowindex={index + 2} hover sx={{ verticalAlign: 'top' }}>
      <TableCell padding="checkbox">{check}</TableCell>
      <TableCell>{who}</TableCell>
      <TableCell>{row.months.length > 0 ? <RoundMonth row={row} /> : null}</TableCell>
      <TableCell>{row.months.length > 0 ? <RoundTarget row={row} /> : null}</TableCell>
      <TableCell>{fields}</TableCell>
      <TableCell>{result}</TableCell>
      <TableCell>{actions}</TableCell>
    </TableRow>
  );
}
