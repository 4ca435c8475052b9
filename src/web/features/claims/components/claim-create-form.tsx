import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ClaimCreateShape } from '../../../../contract/claims.js';
import { makeClaimCreateBodySchema, type Claim, type ClaimCreateBody, type LegalInfo } from '../../../../contract/claims.js';
import { Section } from '../../../components/section.js';
import { DateInput } from '../../../components/form/date-input.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { LegalInfoFields } from '../../../components/form/legal-info-fields.js';
import { TextInput } from '../../../components/form/text-input.js';
import { FormFooter } from '../../../components/form/form-footer.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { newIdempotencyKey } from '../../../lib/api-client.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { legalInfoDefaults, legalInfoInput } from '../../../lib/legal-info-form.js';
import { useCreateClaim } from '../api/create-claim.js';
import { useRentCheck } from './rent-check.js';
import { monthOf } from '../../../../contract/dates.js';
import { formatDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { FormStack } from '../../../components/form/form-stack.js';

/** What the form holds: the body, with the extra owners as one text and the address possibly blank. */
type FormValues = Omit<z.input<typeof ClaimCreateShape>, 'ownerEmailsBcc'> & { ownerEmailsBcc?: string };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The contract's claim rules (E0201 with today, not before the lease's month), reading the form's
 * text list of owners and an empty address as none.
 */
function formSchema(today: string, leaseStart: string | null) {
  return z.preprocess(
    (raw) => {
      const v = { ...(raw as Record<string, unknown>) };
      v.ownerEmailsBcc = String(v.ownerEmailsBcc ?? '')
        .split(/[,;\s]+/)
        .filter(Boolean);
      v.legalInfo = legalInfoInput(v.legalInfo);
      if (v.rentAmountReceived === undefined) v.rentAmountReceived = 0;
      if (blank(v.rentAmountReceivedDate)) v.rentAmountReceivedDate = null;
      return v;
    },
    makeClaimCreateBodySchema(today, leaseStart),
  );
}

export interface ClaimDefaults {
  rentAmount?: number;
  /** The lease's rent: a first month's rent more than twice it is asked again before it is sent. */
  leaseRent?: number | null;
  mainOwnerEmail?: string;
  /** The organization's declarant details, when a manager saved them. */
  legalInfo?: LegalInfo | null;
  /** When the project's lease started: no claim starts before its month. */
  leaseStart?: string | null;
}

export function ClaimCreateForm({
  projectId,
  today,
  defaults,
  onCreated,
}: {
  projectId: string;
  today: string;
  defaults: ClaimDefaults;
  onCreated: (claim: Claim) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const leaseStart = defaults.leaseStart ?? null;
  const schema = formSchema(today, leaseStart);
  const [form, draft] = useDraftForm<FormValues, unknown, ClaimCreateBody>(`claim-new:${projectId}`, {
    resolver: contractResolver(schema as unknown as z.ZodType<ClaimCreateBody, FormValues>, ['ownerEmailsBcc']),
    defaultValues: {
      rentAmount: defaults.rentAmount,
      rentAmountReceived: 0,
      mainOwnerEmail: defaults.mainOwnerEmail,
      legalInfo: legalInfoDefaults(defaults.legalInfo),
    },
    mode: 'onTouched',
  });
  const create = useCreateClaim();
  const saved = useRef(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const received = useWatch({ control: form.control, name: 'rentAmountReceived' });
  // a promise, not mutate's callbacks: the lists' refresh can show the new claim as "already
  // active" and unmount this form before they run, leaving the user on the page of a claim opened
  const send = (body: ClaimCreateBody) =>
    void create.mutateAsync({ projectId, body, idempotencyKey }).then(
      (claim) => {
        saved.current = true;
        draft.end();
        onCreated(claim);
      },
      (error: unknown) => applyServerErrors(error, form.setError, () => true),
    );
  const rentCheck = useRentCheck(defaults.leaseRent);
  const onValid = (body: ClaimCreateBody) =>
    rentCheck.check(
      body.rentAmount,
      body.rentDueDate,
      () => send(body),
      () => form.setFocus('rentAmount'),
    );
  return (
    <FormStack label={t('claim.openTitle')} onSubmit={(e) => form.handleSubmit(onValid)(e)} spacing={3}>
      <Section title={t('claim.firstMonth')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <DateInput
              control={form.control}
              name="rentDueDate"
              label={t('claim.firstMonth')}
              required
              maxDate={today}
              minDate={leaseStart ? `${monthOf(leaseStart)}-01` : undefined}
              helperText={leaseStart ? t('claim.firstMonthHintLease', { date: formatDate(leaseStart, lang) }) : t('claim.firstMonthHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <MoneyInput control={form.control} name="rentAmount" label={t('claim.rentAmount')} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <MoneyInput control={form.control} name="rentAmountReceived" label={t('claim.received')} />
          </Grid>
          {typeof received === 'number' && received > 0 ? (
            <Grid size={{ xs: 12, sm: 4 }}>
              <DateInput control={form.control} name="rentAmountReceivedDate" label={t('claim.receivedDate')} required maxDate={today} />
            </Grid>
          ) : null}
        </Grid>
      </Section>
      <Section title={t('claim.declarant')}>
        {defaults.legalInfo ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('claim.declarantPrefilled')}
          </Typography>
        ) : null}
        <LegalInfoFields control={form.control} prefix="legalInfo" />
      </Section>
      <Section title={t('claim.owners')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput control={form.control} name="mainOwnerEmail" label={t('claim.mainOwnerEmail')} type="email" required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput control={form.control} name="ownerEmailsBcc" label={t('claim.ownerEmailsBcc')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextInput control={form.control} name="metadata.externalReference" label={t('claim.externalReference')} />
          </Grid>
        </Grid>
      </Section>
      {rentCheck.dialog}
      <FormFooter
        error={create.error}
        // once opened, the form stays as it was sent until the claim's page is there
        pending={create.isPending || create.isSuccess}
        label={t('claim.submit')}
        pendingLabel={t('claim.submitting')}
        dirty={form.formState.isDirty && !create.isSuccess}
        saved={saved}
        // what is typed is kept as a draft (useDraftForm): leaving loses nothing, signing out does
        draft
      />
    </FormStack>
  );
}
