import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rentNeedsConfirmation } from '../../../../contract/claims.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { formatOfMonth } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';

interface Asked {
  rent: number;
  month: string;
  send: () => void;
  /** Back to the rent's field. */
  fix: () => void;
}

/**
 * A month's rent more than twice the lease's (contract: rentNeedsConfirmation) is asked again
 * before it is recorded, the amount written as it will be recorded, in the user's language: a
 * digit too many ("5501200,50") is caught before it becomes a debt. `check` sends at once
 * otherwise; `dialog` is to be rendered by the form.
 */
export function useRentCheck(leaseRent: number | null | undefined) {
  const { t } = useTranslation();
  const lang = useLang();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [open, setOpen] = useState(false);
  const answer = useRef<'fix' | 'send'>('fix');
  const before = useRef<HTMLElement | null>(null);
  const check = (rent: number, month: string, send: () => void, fix: () => void) => {
    if (!rentNeedsConfirmation(rent, leaseRent)) return send();
    before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsked({ rent, month, send, fix });
    setOpen(true);
  };
  const amount = asked ? formatMoney(asked.rent, lang) : '';
  const dialog = (
    <ConfirmDialog
      open={open}
      tone="warning"
      title={t('rentCheck.title', { amount })}
      text={
        asked ? t('rentCheck.text', { amount, lease: formatMoney(leaseRent ?? 0, lang), ofMonth: formatOfMonth(asked.month, lang) }) : ''
      }
      cancel={t('rentCheck.fix')}
      confirm={t('rentCheck.confirm', { amount })}
      onCancel={() => {
        answer.current = 'fix';
        setOpen(false);
      }}
      onConfirm={() => {
        answer.current = 'send';
        setOpen(false);
        asked?.send();
      }}
      returnFocus={() => {
        if (answer.current === 'fix') asked?.fix();
        else if (before.current?.isConnected) before.current.focus();
      }}
    />
  );
  return { check, dialog };
}
