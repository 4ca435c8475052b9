import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema } from '../../../../contract/passwords.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { TextInput } from '../../../components/form/text-input.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useChangePassword } from '../api/change-password.js';
import { useCommonCheck } from '../lib/common-check.js';
import { NewPasswordFields } from './new-password-fields.js';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** Changes my password: the current one, then a new one under the contract's rules (checked while typing). */
export function PasswordForm({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const save = useChangePassword();
  const isCommon = useCommonCheck();
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const schema = z
    .object({ currentPassword: z.string().min(1), newPassword: newPasswordSchema({ name, email, isCommon }), confirm: z.string() })
    .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: t('account.password.mismatch') });
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const form = useForm<Values>({ resolver: contractResolver(schema), defaultValues: empty, mode: 'onTouched' });
  const onValid = (v: Values) =>
    save.mutate(
      { currentPassword: v.currentPassword, newPassword: v.newPassword },
      {
        onSuccess: () => form.reset(empty),
        onError: (e) => setUnplaced(applyServerErrors(e, form.setError, (p) => p === 'currentPassword' || p === 'newPassword') ? null : e),
      },
    );
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => void form.handleSubmit(onValid)(e)}
      aria-label={t('account.password.title')}
      sx={{ maxWidth: 520 }}
    >
      {/* the account's e-mail, for the browser's password manager */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <TextInput
        control={form.control}
        name="currentPassword"
        label={t('account.password.current')}
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields control={form.control} name="newPassword" confirm="confirm" />
      {save.isSuccess && !form.formState.isDirty ? (
        <Alert severity="success" role="status">
          {t('account.password.saved')}
        </Alert>
      ) : null}
      {unplaced && save.isError ? <ErrorAlert error={unplaced} /> : null}
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? t('account.password.saving') : t('account.password.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
