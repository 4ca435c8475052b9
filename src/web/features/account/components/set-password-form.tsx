import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LinkInfo } from '../../../../contract/team.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { FormStack } from '../../../components/form/form-stack.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useSetPasswordWithLink } from '../api/use-link.js';
import { NewPasswordFields, useNewPasswordSchema } from './new-password-fields.js';

interface Values {
  password: string;
  confirm: string;
}

/** Chooses the password of an invitation or reset link (the contract's rules while typing), then signs in. */
export function SetPasswordForm({ token, info, onDone }: { token: string; info: LinkInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetPasswordWithLink(info.email);
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const schema = useNewPasswordSchema({ name: info.name, email: info.email }, 'password', {});
  const form = useForm<Values>({ resolver: contractResolver(schema), defaultValues: { password: '', confirm: '' }, mode: 'onTouched' });
  const onValid = (v: Values) =>
    save.mutate(
      { token, password: v.password },
      { onSuccess: onDone, onError: (e) => setUnplaced(applyServerErrors(e, form.setError, (p) => p === 'password') ? null : e) },
    );
  return (
    <FormStack label={t('account.link.formLabel')} onSubmit={form.handleSubmit(onValid)}>
      {/* the account's e-mail, for the browser's password manager */}
      <TextField label={t('account.link.email')} value={info.email} autoComplete="username" slotProps={{ htmlInput: { readOnly: true } }} />
      <NewPasswordFields control={form.control} name="password" confirm="confirm" />
      {unplaced && save.isError ? <ErrorAlert error={unplaced} /> : null}
      <SubmitButton pending={save.isPending} label={t('account.link.submit')} pendingLabel={t('account.link.submitting')} size="large" />
    </FormStack>
  );
}
