import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoginBodySchema, type LoginBody } from '../../../../contract/session.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { fieldMessage } from '../../../components/form/field-error.js';
import { useLogin } from '../api/login.js';
import { useMode } from '../api/get-mode.js';
import { contractResolver } from '../../../lib/contract-resolver.js';

/**
 * The email field takes the focus once the page is painted, unless the user has already put it
 * elsewhere (issue 14): React's `autoFocus` focuses in the first commit, where the browser then
 * computes the page's styles and layout at once (a quarter of that commit, ~40 ms with a phone's
 * 4x slower CPU); after the frame they are already computed.
 */
function useFocusAfterPaint() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) ref.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ref;
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const emailRef = useFocusAfterPaint();
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
        inputRef={emailRef}
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
