import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DigestHourSchema, type DigestHour } from '../../../../contract/follows.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { FormFooter } from '../../../components/form/form-footer.js';
import { SelectInput } from '../../../components/form/select-input.js';
import { Section } from '../../../components/section.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDigestHour, useSetDigestHour } from '../api/preferences.js';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function HourForm({ current }: { current: DigestHour }) {
  const { t } = useTranslation();
  const save = useSetDigestHour();
  const saved = useRef(false);
  const form = useForm<DigestHour>({ resolver: contractResolver(DigestHourSchema), defaultValues: current });
  const onValid = (body: DigestHour) => {
    saved.current = false;
    save.mutate(body, {
      onSuccess: (answer) => {
        saved.current = true;
        form.reset(answer);
      },
      onError: (error) => applyServerErrors(error, form.setError, (p) => p === 'hour'),
    });
  };
  const dirty = form.formState.isDirty;
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => void form.handleSubmit(onValid)(e)}
      aria-label={t('follow.digestHour.title')}
    >
      <Typography color="text.secondary">{t('follow.digestHour.hint')}</Typography>
      <SelectInput
        control={form.control}
        name="hour"
        label={t('follow.digestHour.label')}
        options={HOURS.map((hour) => ({ value: hour, label: t('follow.digestHour.hour', { hour }) }))}
        sx={{ maxWidth: 200 }}
      />
      {save.isSuccess && !dirty ? (
        <Alert severity="success" role="status">
          {t('follow.digestHour.saved')}
        </Alert>
      ) : null}
      <FormFooter
        error={save.error}
        pending={save.isPending}
        label={t('follow.digestHour.save')}
        pendingLabel={t('follow.digestHour.saving')}
        dirty={dirty && !save.isPending}
        saved={saved}
      />
    </Stack>
  );
}

/** The manager's setting of the hour every digest of the organization leaves at (in the partner's time zone). */
export function DigestHourSettings() {
  const { t } = useTranslation();
  const hour = useDigestHour();
  return (
    <Section title={t('follow.digestHour.title')}>
      {hour.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {hour.isError ? <ErrorAlert error={hour.error} onRetry={() => void hour.refetch()} /> : null}
      {hour.data ? <HourForm current={hour.data} /> : null}
    </Section>
  );
}
