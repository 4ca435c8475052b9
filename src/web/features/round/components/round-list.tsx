import Checkbox from '@mui/material/Checkbox';
import { LIGHT_CHECKBOX } from './light-checkbox.js';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoundRow } from '../../../../contract/round.js';
import type { RoundField } from '../use-round-form.js';
import type { RowOutcome } from '../use-round-sender.js';
import { RoundRowView, type RoundRowProps } from './round-row-view.js';

/** A table row's height before it is measured: most rows (a status, a rent and a received field; a row with a received date is taller). */
const ROW_ESTIMATE = 124;

/** Where to take the user: a row's field to correct, or a row's result once declared. */
export interface RoundFocus {
  claimId: string;
  target: RoundField | 'result';
}

const FOCUSABLE = 'input:not([type=hidden]):not([aria-hidden=true]), [role=spinbutton]';

/**
 * Focuses the place a row gives for a field (its field's box: the field, or the date's first
 * section) or its result (focusable itself), and brings it into view.
 */
function focusIn(el: HTMLElement): void {
  const target = el.hasAttribute('tabindex') || el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
  target?.scrollIntoView?.({ block: 'nearest' });
}

/**
 * The round's rows: a table on a desk, a list of cards on a phone (the same fields and actions).
 * The table draws the rows near the window's view only (TanStack Virtual, scrolled by the page):
 * 200 rows of fields drew in seconds. Its rows say their place (aria-rowindex) among all of them.
 * A row to go to (`focus`) is scrolled into view first when the list has not drawn it.
 */
export function RoundList(p: {
  rows: readonly RoundRow[];
  layout: 'table' | 'card';
  formIndex: ReadonlyMap<string, number>;
  outcomes: ReadonlyMap<string, RowOutcome>;
  checked: ReadonlySet<string>;
  today: string;
  focus: RoundFocus | null;
  onFocused: () => void;
  onCheckAll: (checked: boolean) => void;
  handlers: Pick<RoundRowProps, 'onCheck' | 'onDeclare'>;
}) {
  // Not memoized by the React Compiler (its documented opt-out): the virtualizer is one object for
  // the list's life whose rows change as the page scrolls, so a memoized read of its rows kept the
  // first ones, and a row scrolled into view was a blank space. The compiler leaves TanStack's
  // useVirtualizer alone by itself, not useWindowVirtualizer.
  'use no memo';
  const { t } = useTranslation();
  const checkable = p.rows.filter((r) => r.months.length > 0 && p.outcomes.get(r.claimId)?.phase !== 'sending');
  const all = checkable.length > 0 && checkable.every((r) => p.checked.has(r.claimId));
  const some = checkable.some((r) => p.checked.has(r.claimId));
  const selectAll = (
    <Checkbox
      {...LIGHT_CHECKBOX}
      checked={all}
      indeterminate={some && !all}
      disabled={checkable.length === 0}
      onChange={(e) => p.onCheckAll(e.target.checked)}
      slotProps={{ input: { 'aria-label': t('round.selectAll') } }}
    />
  );
  const body = useRef<HTMLTableSectionElement>(null);
  // where the rows start on the page: known once the table is laid out, and no row is drawn before
  // (rows drawn for a guess would be drawn again, then dropped)
  const [margin, setMargin] = useState<number | null>(null);
  useLayoutEffect(() => {
    const top = body.current?.getBoundingClientRect().top;
    if (top !== undefined) setMargin(top + window.scrollY);
  }, [p.layout]);
  const virtualizer = useWindowVirtualizer({
    count: p.layout === 'table' && margin !== null ? p.rows.length : 0,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 2,
    scrollMargin: margin ?? 0,
    // the window's size from the start, not after a first pass drawn for an empty window
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => window.scrollY,
    getItemKey: (i) => p.rows[i]?.claimId ?? i,
  });

  // a row to go to: the list scrolls to it when it has not drawn it, and the row focuses its field
  // or result once drawn (a ref given to that row only: React calls it when the element is drawn,
  // or at once with a new request when it already is)
  const { focus, onFocused, layout, rows } = p;
  const index = focus ? rows.findIndex((r) => r.claimId === focus.claimId) : -1;
  const drawn = layout === 'card' || virtualizer.getVirtualItems().some((v) => v.index === index);
  useEffect(() => {
    if (!focus) return;
    if (index < 0) onFocused();
    else if (!drawn) virtualizer.scrollToIndex(index, { align: 'center' });
  }, [focus, index, drawn, onFocused, virtualizer]);
  const focusHere = focus
    ? (el: HTMLElement | null) => {
        if (!el) return;
        focusIn(el);
        onFocused();
      }
    : undefined;

  const rowView = (row: RoundRow, index: number, measure?: (el: Element | null) => void) => {
    const formIndex = p.formIndex.get(row.claimId);
    return formIndex === undefined ? null : (
      <RoundRowView
        key={row.claimId}
        row={row}
        index={index}
        formIndex={formIndex}
        outcome={p.outcomes.get(row.claimId)}
        checked={p.checked.has(row.claimId)}
        today={p.today}
        layout={p.layout}
        measure={measure}
        focus={focus?.claimId === row.claimId && focusHere ? { target: focus.target, take: focusHere } : undefined}
        {...p.handlers}
      />
    );
  };
  if (p.layout === 'card')
    return (
      <Stack spacing={1.5}>
        <FormControlLabel control={selectAll} label={t('round.selectAll')} />
        <Stack component="ul" spacing={1.5} aria-label={t('round.table')} sx={{ p: 0, m: 0 }}>
          {p.rows.map((row, index) => rowView(row, index))}
        </Stack>
      </Stack>
    );
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const top = margin ?? 0;
  const above = first ? first.start - top : 0;
  const below = last ? virtualizer.getTotalSize() - (last.end - top) : 0;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('round.table')} aria-rowcount={p.rows.length + 1}>
        <TableHead>
          <TableRow aria-rowindex={1}>
            <TableCell padding="checkbox">{selectAll}</TableCell>
            <TableCell>{t('round.columns.tenant')}</TableCell>
            <TableCell>{t('round.columns.month')}</TableCell>
            <TableCell>{t('round.columns.target')}</TableCell>
            <TableCell>{`${t('round.columns.rent')} · ${t('round.columns.received')}`}</TableCell>
            <TableCell>{t('round.columns.state')}</TableCell>
            <TableCell>{t('round.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody ref={body}>
          {above > 0 ? <tr aria-hidden style={{ height: above }} /> : null}
          {items.map((v) => {
            const row = p.rows[v.index];
            return row ? rowView(row, v.index, virtualizer.measureElement) : null;
          })}
          {below > 0 ? <tr aria-hidden style={{ height: below }} /> : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
