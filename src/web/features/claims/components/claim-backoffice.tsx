import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Claim } from '../../../../contract/claims.js';
import { CLAIM_STATUSES, labelOf } from '../../../../contract/enums.js';
import { canGuarantorPay, claimAwaitsValidation } from '../../../../contract/lifecycle.js';
import { BackofficePanel } from '../../../components/backoffice-panel.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { daysToNextMonth } from '../../../../contract/dates.js';
import { addDays, formatDate, formatLongDate, formatMonth, formatOfMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { usePendingSignature, useRentalDebts } from '../api/claim-reads.js';
import { useClaimBackoffice } from '../api/claim-writes.js';

/**
 * Sandbox mode: the guarantor's, owner's and manager's steps on a claim, and the sandbox's date.
 * Moving the clock asks first: it moves every project and claim of the organization, for everyone.
 */
export function ClaimBackoffice({
  claim,
  today,
  onMoveClock,
  moving,
}: {
  claim: Claim;
  today: string;
  /** Moves the sandbox's clock that many days ahead. */
  onMoveClock: (days: number) => void;
  moving: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const monthDays = daysToNextMonth(today);
  const ahead = addDays(today, monthDays);
  const lang = useLang();
  const debts = useRentalDebts(claim.id);
  const pending = usePendingSignature(claim.id);
  const action = useClaimBackoffice(claim.id);
  const payable = (debts.data ?? []).find((d) => d.id !== null && canGuarantorPay(d.status));
  // the chosen status follows the claim's own when that changes (a step here, a live event)
  const [target, setTarget] = useState<number>(claim.status);
  const [shown, setShown] = useState<number>(claim.status);
  if (shown !== claim.status) {
    setShown(claim.status);
    setTarget(claim.status);
  }
  return (
    <BackofficePanel>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {claimAwaitsValidation(claim.status) ? (
          <Button variant="outlined" color="warning" onClick={() => action.mutate({ path: 'validate' })}>
            {t('workspace.validate')}
          </Button>
        ) : null}
        {payable?.id ? (
          <Button variant="outlined" color="warning" onClick={() => action.mutate({ path: `rentaldebts/${payable.id}/pay` })}>
            {t('workspace.pay', { month: formatMonth(payable.rentDueDate, lang) })}
          </Button>
        ) : null}
        {(pending.data ?? []).map((d) => (
          <Button key={d.id} variant="outlined" color="warning" onClick={() => action.mutate({ path: `rentaldebts/${d.id}/receipt/sign` })}>
            {t('workspace.sign', { ofMonth: formatOfMonth(d.rentDueDate, lang) })}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('workspace.sandboxToday', { date: formatDate(today, lang) })}</Typography>
        <Button disabled={moving} onClick={() => setAsking(true)}>
          {t('workspace.plusMonth')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('workspace.plusMonthTitle')}
        text={t('workspace.plusMonthText', { date: formatLongDate(ahead, lang) })}
        cancel={t('workspace.cancel')}
        confirm={t('workspace.plusMonthConfirm', { date: formatDate(ahead, lang) })}
        tone="warning"
        busy={moving}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onMoveClock(monthDays);
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('workspace.moveStatus')}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
          sx={{ minWidth: { xs: '100%', sm: 280 } }}
        >
          {CLAIM_STATUSES.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {labelOf(CLAIM_STATUSES, s.code, lang)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          color="warning"
          disabled={action.isPending || target === claim.status}
          onClick={() => action.mutate({ path: 'status', body: { status: target } })}
        >
          {t('workspace.move')}
        </Button>
      </Stack>
      {action.error ? <ErrorAlert error={action.error} /> : null}
    </BackofficePanel>
  );
}
