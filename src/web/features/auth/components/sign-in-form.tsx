import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, ErrorCodeSchema, type ErrorCode } from '../../../../contract/errors.js';
import { labelIn } from '../../../../contract/enums.js';
import { LoginBodySchema, type LoginBody } from '../../../../contract/session.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { FormStack } from '../../../components/form/form-stack.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { fieldMessage } from '../../../components/form/field-error.js';
import { useLogin } from '../api/login.js';
import { useMode } from '../api/get-mode.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useLang } from '../../../lib/i18n.js';

/** Why a single sign-on came back refused (`?sso=CODE`), from the contract's catalogue; null for anything else. */
function ssoRefusal(code: string | null): ErrorCode | null {
  const parsed = ErrorCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : null;
}

/** Single sign-on: a plain link (the browser goes to the provider and comes back signed in, to `next`). */
function SsoSignIn({ name, refused, next }: { name: string; refused: ErrorCode | null; next: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack spacing={2}>
      {refused ? (
        <Alert severity="error" role="alert">
          {labelIn(ERROR_CATALOGUE[refused], lang)}
        </Alert>
      ) : null}
      <Button href={next === '/' ? '/api/sso/start' : `/api/sso/start?next=${encodeURIComponent(next)}`} variant="contained" size="large">
        {t('signIn.ssoButton', { name })}
      </Button>
    </Stack>
  );
}

/** `next`: the page to go back to once signed in (single sign-on takes it through the provider). */
export function SignInForm({ onSignedIn, ssoCode = null, next = '/' }: { onSignedIn: () => void; ssoCode?: string | null; next?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const login = useLogin();
  const mode = useMode();
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: contractResolver(LoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const submit = handleSubmit((values) => login.mutate(values, { onSuccess: onSignedIn }));
  const sso = mode.data?.sso ?? null;
  const refused = ssoRefusal(ssoCode);
  if (sso && mode.data?.localPasswords === false) return <SsoSignIn name={sso.name} refused={refused} next={next} />;
  return (
    <Stack spacing={2}>
      {sso ? (
        <>
          <SsoSignIn name={sso.name} refused={refused} next={next} />
          <Divider>{t('signIn.or')}</Divider>
        </>
      ) : null}
      <FormStack label={t('signIn.title')} onSubmit={submit}>
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
          {...register('email')}
          error={Boolean(formState.errors.email)}
          helperText={fieldMessage(formState.errors.email, lang)}
        />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          required
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={fieldMessage(formState.errors.password, lang)}
        />
        {/* a refused sign-in is the user's to fix (or to wait for): no support reference, only noise here */}
        {login.error ? <ErrorAlert error={login.error} reference={false} /> : null}
        <SubmitButton pending={login.isPending} label={t('signIn.submit')} pendingLabel={t('signIn.submitting')} size="large" />
        {mode.data?.mode === 'sandbox' ? (
          <Alert severity="info" variant="outlined" role="note">
            <Trans i18nKey="signIn.sandboxHint" components={{ id: <span style={{ whiteSpace: 'nowrap' }} /> }} />
          </Alert>
        ) : null}
      </FormStack>
    </Stack>
  );
}
