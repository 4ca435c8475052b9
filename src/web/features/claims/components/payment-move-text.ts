import type { TFunction } from 'i18next';
import type { TenantPayment } from '../../../../contract/claims.js';
import type { Lang } from '../../../../contract/enums.js';
import { sumEuros } from '../../../../contract/money.js';
import type { PaymentMove } from '../../../../contract/payment-moves.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';

type Shares = TenantPayment['allocations'];
const monthKey = (date: string) => date.slice(0, 7);
const months = (keys: readonly string[], lang: Lang) => keys.map((k) => formatMonth(`${k}-01`, lang)).join(', ');
const shares = (list: Shares, lang: Lang) =>
  list.map((a) => `${formatMonth(a.rentDueDate, lang)} ${formatMoney(a.amount, lang)}`).join(', ');

/** What a move changed, month by month (yyyy-MM → euros gained, negative when lost). */
function changes(m: PaymentMove): Map<string, number> {
  const delta = new Map<string, number>();
  for (const a of m.to) delta.set(monthKey(a.rentDueDate), sumEuros([delta.get(monthKey(a.rentDueDate)) ?? 0, a.amount]));
  for (const a of m.from) delta.set(monthKey(a.rentDueDate), sumEuros([delta.get(monthKey(a.rentDueDate)) ?? 0, -a.amount]));
  return delta;
}

/**
 * A payment's move as the payments list says it: where the partner had it and where it has it
 * now, and since when the dashboard has seen it so ("Réparti à nouveau par le service de garantie :
 * novembre 2026 550,00 € → décembre 2026 550,00 € (constaté le 05/02/2027)."). Never why: the
 * partner does not say.
 */
export function moveText(m: PaymentMove, t: TFunction, lang: Lang): string {
  return t('workspace.moved', { from: shares(m.from, lang), to: shares(m.to, lang), date: formatDate(m.seenOn, lang) });
}

/**
 * What the moves did to one month, said on it: the amount that came or went, from or to which
 * other months, and which payment it was ("190,00 € venus de novembre 2026 : le paiement de
 * 740,00 € du 20/10/2026 a été réparti à nouveau par le service de garantie (constaté le …).").
 */
export function monthMoveTexts(
  month: string,
  moves: readonly PaymentMove[],
  payments: readonly TenantPayment[],
  t: TFunction,
  lang: Lang,
): string[] {
  const out: string[] = [];
  for (const m of moves) {
    const delta = changes(m);
    const here = delta.get(monthKey(month)) ?? 0;
    if (here === 0) continue;
    const others = (sign: 1 | -1) => [...delta].filter(([k, d]) => k !== monthKey(month) && d * sign > 0).map(([k]) => k);
    const p = payments.find((x) => x.id === m.paymentId);
    const values = {
      amount: formatMoney(Math.abs(here), lang),
      payment: p
        ? t('workspace.movedPayment', { amount: formatMoney(p.amount, lang), date: formatDate(p.applyDate, lang) })
        : t('workspace.movedSomePayment'),
      date: formatDate(m.seenOn, lang),
    };
    out.push(
      here > 0
        ? t('workspace.movedHere', { ...values, from: months(others(-1), lang) })
        : t('workspace.movedAway', { ...values, to: months(others(1), lang) }),
    );
  }
  return out;
}
