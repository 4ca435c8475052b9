import type { TFunction } from 'i18next';
import type { TenantPayment } from '../../../../contract/claims.js';
import type { Lang } from '../../../../contract/enums.js';
import type { PaymentMove } from '../../../../contract/payment-moves.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';

const months = (shares: TenantPayment['allocations'], lang: Lang) => shares.map((a) => formatMonth(a.rentDueDate, lang)).join(', ');
const monthKey = (date: string) => date.slice(0, 7);

/** "Déplacé d'août 2026 vers novembre 2026 le 28/12/2026, après la déclaration de novembre 2026." */
export function moveText(m: PaymentMove, t: TFunction, lang: Lang): string {
  const base = t('workspace.moved', { from: months(m.from, lang), to: months(m.to, lang), date: formatDate(m.seenOn, lang) });
  return m.afterDeclaring ? `${base} ${t('workspace.movedAfter', { month: formatMonth(m.afterDeclaring, lang) })}` : `${base}.`;
}

/** What the moves did to one month: a payment left it, or came to it. */
export function monthMoveTexts(month: string, moves: readonly PaymentMove[], t: TFunction, lang: Lang): string[] {
  const out: string[] = [];
  for (const m of moves) {
    const before = m.from.find((a) => monthKey(a.rentDueDate) === monthKey(month))?.amount ?? 0;
    const now = m.to.find((a) => monthKey(a.rentDueDate) === monthKey(month))?.amount ?? 0;
    if (before === now) continue;
    const amount = formatMoney(Math.abs(before - now), lang);
    const date = formatDate(m.seenOn, lang);
    out.push(
      before > now
        ? t('workspace.movedAway', { amount, to: months(m.to, lang), date })
        : t('workspace.movedHere', { amount, from: months(m.from, lang), date }),
    );
  }
  return out;
}
