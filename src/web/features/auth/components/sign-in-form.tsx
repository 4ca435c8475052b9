import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginBodySchema, type LoginBody } from '../../../../contract/session.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { fieldMessage } from '../../../components/form/field-error.js';
import { useLogin } from '../api/login.js';
import { useMode } from '../api/get-mode.js';
import { contractResolver } from '../../../lib/contract-resolver.js';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const mode = useMode();
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: contractResolver(LoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const submit = handleSubmit((values) => login.mutate(values, { onSuccess: onSignedIn }));
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t('signIn.title')}>
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
        {...register('email')}
        error={Boolean(formState.errors.email)}
        helperText={fieldMessage(formState.errors.email)}
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        required
        {...register('password')}
        error={Boolean(formState.errors.password)}
        helperText={fieldMessage(formState.errors.password)}
      />
      {/* a refused sign-in is the user's to fix (or to wait for): no support reference, only noise here */}
      {login.error ? <ErrorAlert error={login.error} reference={false} /> : null}
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {login.isPending ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
      {mode.data?.mode === 'sandbox' ? (
        <Alert severity="info" variant="outlined" role="note">
          {t('signIn.sandboxHint')}
        </Alert>
      ) : null}
    </Stack>
  );
}
