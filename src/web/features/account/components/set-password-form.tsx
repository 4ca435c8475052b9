import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema } from '../../../../contract/passwords.js';
import type { LinkInfo } from '../../../../contract/team.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useSetPasswordWithLink } from '../api/use-link.js';
import { useCommonCheck } from '../lib/common-check.js';
import { NewPasswordFields } from './new-password-fields.js';

interface Values {
  password: string;
  confirm: string;
}

/** Chooses the password of an invitation or reset link (the contract's rules while typing), then signs in. */
export function SetPasswordForm({ token, info, onDone }: { token: string; info: LinkInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetPasswordWithLink(info.email);
  const [unplaced, setUnplaced] = useState<unknown>(null);
  const isCommon = useCommonCheck();
  const schema = z
    .object({ password: newPasswordSchema({ name: info.name, email: info.email, isCommon }), confirm: z.string() })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: t('account.password.mismatch') });
  const form = useForm<Values>({ resolver: contractResolver(schema), defaultValues: { password: '', confirm: '' }, mode: 'onTouched' });
  const onValid = (v: Values) =>
    save.mutate(
      { token, password: v.password },
      { onSuccess: onDone, onError: (e) => setUnplaced(applyServerErrors(e, form.setError, (p) => p === 'password') ? null : e) },
    );
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => void form.handleSubmit(onValid)(e)}
      aria-label={t('account.link.formLabel')}
    >
      {/* the account's e-mail, for the browser's password manager */}
      <TextField label={t('account.link.email')} value={info.email} autoComplete="username" slotProps={{ htmlInput: { readOnly: true } }} />
      <NewPasswordFields control={form.control} name="password" confirm="confirm" />
      {unplaced && save.isError ? <ErrorAlert error={unplaced} /> : null}
      <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
        {save.isPending ? t('account.link.submitting') : t('account.link.submit')}
      </Button>
    </Stack>
  );
}
