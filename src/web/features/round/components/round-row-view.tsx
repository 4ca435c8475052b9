import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import InputBase from '@mui/material/InputBase';
import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RoundRow } from '../../../../contract/round.js';
import { formatMonth } from '../../../lib/dates.js';
import { currentLang } from '../../../lib/i18n.js';
import { validationMessage } from '../../../lib/validation-messages.js';
import { prefill, type FieldErrors, type RowInput } from '../round-rows.js';
import type { RowOutcome } from '../use-round-sender.js';
import { RoundMonth, RoundTarget } from './round-month.js';
import { RoundOutcome } from './round-outcome.js';

export interface RoundRowProps {
  row: RoundRow;
  index: number;
  /** What was typed in the row (none yet: its prefill). */
  input: RowInput | undefined;
  /** The table's virtualizer measures each row drawn (with its data-index). */
  measure?: ((el: Element | null) => void) | undefined;
  errors: FieldErrors | undefined;
  outcome: RowOutcome | undefined;
  checked: boolean;
  today: string;
  layout: 'table' | 'card';
  onInput: (claimId: string, input: RowInput) => void;
  onCheck: (claimId: string, checked: boolean) => void;
  onDeclare: (claimId: string, every: boolean) => void;
}

type Field = keyof RowInput;

/** Enter in a field goes to the same field of the next row (Tab goes along the row), as in a spreadsheet. */
function nextRowOnEnter(e: KeyboardEvent, field: Field, index: number) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const next = document.querySelector<HTMLInputElement>(`[data-round-field="${field}"][data-round-index="${index + 1}"]`);
  next?.focus();
  next?.select();
}

/** One claim of the round: a table row on a desk, a card on a phone, with the same fields and actions. */
export const RoundRowView = memo(function RoundRowView(p: RoundRowProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { row, errors, outcome } = p;
  const input = p.input ?? prefill(row);
  const tenant = `${row.tenant.firstName} ${row.tenant.lastName}`;
  const month = row.months[0] ? formatMonth(row.months[0].rentDueDate, lang) : '';
  // the month shown was just declared and the round is being read again: not declarable twice
  const locked =
    outcome?.phase === 'sending' ||
    (outcome?.phase === 'done' && outcome.declared.some((d) => d.rentDueDate === row.months[0]?.rentDueDate));
  const done = outcome?.phase === 'done' && row.months.length === 0;
  const set = (field: Field) => (value: string) => p.onInput(row.claimId, { ...input, [field]: value });
  const shortLabel = {
    rent: t('round.columns.rent'),
    received: t('round.columns.receivedShort'),
    receivedDate: t('round.columns.receivedDate'),
  };
  // a light field (a label, the input, its error): a table of fields draws fast, styled once by the list (round-styles.ts)
  const field = (name: Field, label: string, error: string | undefined, type: 'text' | 'date' = 'text') => {
    const errorId = `round-${name}-error-${row.claimId}`;
    return (
      <label className={type === 'date' ? 'round-field round-date' : 'round-field'}>
        <span className="round-field-label">{shortLabel[name]}</span>
        <InputBase
          type={type}
          value={input[name]}
          onChange={(e) => set(name)(e.target.value)}
          onKeyDown={(e) => nextRowOnEnter(e, name, p.index)}
          error={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={locked}
          inputProps={{
            'aria-label': label,
            'data-round-field': name,
            'data-round-index': p.index,
            ...(type === 'text' ? { inputMode: 'decimal' } : { max: p.today }),
          }}
        />
        {error ? (
          <span className="round-field-error" id={errorId}>
            {validationMessage(error, lang)}
          </span>
        ) : null}
      </label>
    );
  };
  const received = Number(input.received.replace(',', '.')) > 0 || input.receivedDate !== '';
  const fields = (
    <>
      {field('rent', t('round.rentOf', { month, tenant }), errors?.rentAmount)}
      {field('received', t('round.receivedOf', { month, tenant }), errors?.rentAmountReceived)}
      {received ? field('receivedDate', t('round.receivedDateOf', { month, tenant }), errors?.rentAmountReceivedDate, 'date') : null}
    </>
  );
  const failed = outcome?.phase === 'error';
  // every pending month at this rent: what the tenant paid is the first month's, said before sending
  const later = row.months.length - 1;
  const firstOnlyId = `round-first-only-${row.claimId}`;
  const firstOnly =
    received && later > 0 ? (
      <span id={firstOnlyId} className="round-caption round-narrow">
        {t('round.receivedFirstOnly', { month, count: later })}
      </span>
    ) : null;
  const actions = (
    <div className="round-col">
      <div className="round-line">
        {row.months.length > 0 ? (
          <Button
            size="small"
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
            size="small"
            variant="outlined"
            disabled={locked}
            onClick={(e) => e.detail <= 1 && p.onDeclare(row.claimId, true)}
            aria-label={t('round.declareAllOf', { count: row.monthCount, tenant })}
            aria-describedby={firstOnly ? firstOnlyId : undefined}
          >
            {t('round.declareAll', { count: row.monthCount })}
          </Button>
        ) : null}
      </div>
      {firstOnly}
    </div>
  );
  const who = (
    <div className="round-col round-tight">
      <Link
        component={RouterLink}
        to={`/claims/${row.claimId}`}
        sx={{ fontWeight: 600 }}
        aria-label={`${tenant} · ${t('round.openClaim')}`}
      >
        {tenant}
      </Link>
      {row.property ? <span className="round-caption">{row.property}</span> : null}
    </div>
  );
  const check = (
    <Checkbox
      checked={p.checked}
      disabled={locked || done || row.months.length === 0}
      onChange={(e) => p.onCheck(row.claimId, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('round.selectRow', { tenant }) } }}
    />
  );
  if (p.layout === 'card')
    return (
      <Card
        variant="outlined"
        component="li"
        aria-label={tenant}
        sx={{ listStyle: 'none', contentVisibility: 'auto', containIntrinsicSize: 'auto 260px' }}
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
            {row.months.length > 0 ? <div className="round-line">{fields}</div> : null}
            <RoundOutcome outcome={outcome} />
            {actions}
          </Stack>
        </CardContent>
      </Card>
    );
  // plain cells, styled once by the list (round-styles.ts): a row is drawn with few components
  return (
    <tr ref={p.measure} data-index={p.index} aria-rowindex={p.index + 2}>
      <td className="round-check">{check}</td>
      <td>{who}</td>
      <td>{row.months.length > 0 ? <RoundMonth row={row} /> : null}</td>
      <td>{row.months.length > 0 ? <RoundTarget row={row} /> : null}</td>
      <td>{row.months.length > 0 ? <div className="round-line">{fields}</div> : null}</td>
      <td>
        <RoundOutcome outcome={outcome} />
      </td>
      <td>{actions}</td>
    </tr>
  );
});
