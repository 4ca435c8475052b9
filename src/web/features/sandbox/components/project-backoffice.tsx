import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackofficePanel } from '../../../components/backoffice-panel.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { daysToNextMonth } from '../../../../contract/dates.js';
import { addDays, formatDate, formatLongDate } from '../../../lib/dates.js';
import { type MessageKey, useLang } from '../../../lib/i18n.js';
import { PROJECT_STEPS, useClock, useMoveClock, useProjectStep, type ProjectStep } from '../api/backoffice.js';

const LABEL: Record<ProjectStep, MessageKey> = {
  'documents/validate': 'sandbox.validateDocuments',
  'documents/reject': 'sandbox.rejectDocuments',
  'rent/validate': 'sandbox.validateRent',
  'payment/complete': 'sandbox.completePayment',
  'signatures/tenant': 'sandbox.tenantSigns',
  'signatures/owner': 'sandbox.ownerSigns',
};

/**
 * Sandbox mode only: performs the steps the service's people take, so a whole lifecycle can be walked
 * alone. Moving the clock (a day or a month) asks first: it moves every project and claim, for everyone.
 */
export function ProjectBackoffice({ projectId, status }: { projectId: string; status: number }) {
  const { t } = useTranslation();
  const step = useProjectStep();
  const clock = useClock();
  const move = useMoveClock();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState<'day' | 'month' | null>(null);
  const lang = useLang();
  // a day, or a calendar month (the same day of the next month)
  const days = clock.data && asking ? (asking === 'day' ? 1 : daysToNextMonth(clock.data.today)) : null;
  const ahead = clock.data && days !== null ? addDays(clock.data.today, days) : null;
  const steps: readonly ProjectStep[] = (PROJECT_STEPS as Partial<Record<number, readonly ProjectStep[]>>)[status] ?? [];
  return (
    <BackofficePanel>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {steps.includes('documents/reject') ? (
          <TextField size="small" label={t('sandbox.rejectReason')} value={reason} onChange={(e) => setReason(e.target.value)} />
        ) : null}
        {steps.map((s) => (
          <Button
            key={s}
            variant="outlined"
            color="warning"
            disabled={step.isPending || (s === 'documents/reject' && !reason.trim())}
            onClick={() => step.mutate({ projectId, step: s, reason: s === 'documents/reject' ? reason.trim() : undefined })}
          >
            {t(LABEL[s])}
          </Button>
        ))}
        <Typography variant="body2" sx={{ ml: 'auto' }}>
          {clock.data ? t('sandbox.today', { date: formatDate(clock.data.today, lang) }) : ''}
        </Typography>
        <Button size="small" disabled={move.isPending || !clock.data} onClick={() => setAsking('day')}>
          {t('sandbox.plusDay')}
        </Button>
        <Button size="small" disabled={move.isPending || !clock.data} onClick={() => setAsking('month')}>
          {t('sandbox.plusMonth')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={ahead !== null}
        title={t(asking === 'day' ? 'sandbox.plusDayTitle' : 'sandbox.plusMonthTitle')}
        text={ahead ? t('sandbox.moveText', { date: formatLongDate(ahead, lang) }) : ''}
        cancel={t('sandbox.cancel')}
        confirm={ahead ? t('sandbox.moveConfirm', { date: formatDate(ahead, lang) }) : ''}
        tone="warning"
        busy={move.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (days !== null) move.mutate(days);
          setAsking(null);
        }}
      />
      {step.error ? <ErrorAlert error={step.error} /> : null}
      {move.error ? <ErrorAlert error={move.error} /> : null}
    </BackofficePanel>
  );
}
