import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '../../../components/error-alert.js';
import { FormStack } from '../../../components/form/form-stack.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { TextInput } from '../../../components/form/text-input.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useChangePassword } from '../api/change-password.js';
import { NewPasswordFields, useNewPasswordSchema } from './new-password-fields.js';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** Changes my password: the current one, then a new one under the contract's rules (checked while typing). */
export function PasswordForm({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const save = useChangePassword();
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const schema = useNewPasswordSchema({ name, email }, 'newPassword', { currentPassword: z.string().min(1) });
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
    <FormStack label={t('account.password.title')} onSubmit={form.handleSubmit(onValid)} sx={{ maxWidth: 520 }}>
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
        <SubmitButton pending={save.isPending} label={t('account.password.save')} pendingLabel={t('account.password.saving')} />
      </Stack>
    </FormStack>
  );
}
