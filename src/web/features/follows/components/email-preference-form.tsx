import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHOICES, NotificationPreferencesSchema, type NotificationPreferences } from '../../../../contract/follows.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { fieldMessage } from '../../../components/form/field-error.js';
import { FormFooter } from '../../../components/form/form-footer.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useLang } from '../../../lib/i18n.js';
import { useEmailPreference, useSetEmailPreference } from '../api/preferences.js';

function PreferenceForm({ current }: { current: NotificationPreferences }) {
  const { t } = useTranslation();
  const lang = useLang();
  const legendId = useId();
  const save = useSetEmailPreference();
  const saved = useRef(false);
  const form = useForm<NotificationPreferences>({
    resolver: contractResolver(NotificationPreferencesSchema),
    defaultValues: { email: current.email },
  });
  const { field, fieldState } = useController({ control: form.control, name: 'email' });
  const onValid = (body: NotificationPreferences) => {
    saved.current = false;
    save.mutate(body, {
      onSuccess: (answer) => {
        saved.current = true;
        form.reset({ email: answer.email });
      },
      onError: (error) => applyServerErrors(error, form.setError, (p) => p === 'email'),
    });
  };
  const dirty = form.formState.isDirty;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)} aria-labelledby={legendId}>
      <FormControl error={Boolean(fieldState.error)}>
        <FormLabel id={legendId}>{t('follow.email.legend')}</FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          name={field.name}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        >
          {EMAIL_CHOICES.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <>
                  <Typography>{t(`follow.email.${choice}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`follow.email.${choice}Hint`)}
                  </Typography>
                </>
              }
            />
          ))}
        </RadioGroup>
        {fieldState.error ? <FormHelperText>{fieldMessage(fieldState.error, lang)}</FormHelperText> : null}
      </FormControl>
      {save.isSuccess && !dirty ? (
        <Alert severity="success" role="status">
          {t('follow.email.saved')}
        </Alert>
      ) : null}
      <FormFooter
        error={save.error}
        pending={save.isPending}
        label={t('follow.email.save')}
        pendingLabel={t('follow.email.saving')}
        dirty={dirty && !save.isPending}
        saved={saved}
      />
    </Stack>
  );
}

/** My e-mail choice for notifications: nothing, a daily digest, or the urgent ones at once and the rest in the digest. */
export function EmailPreferenceForm() {
  const preference = useEmailPreference();
  if (preference.isPending) return <Skeleton variant="rounded" height={200} />;
  if (preference.isError) return <ErrorAlert error={preference.error} onRetry={() => void preference.refetch()} />;
  return <PreferenceForm current={preference.data} />;
}
