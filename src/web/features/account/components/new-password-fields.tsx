import Stack from '@mui/material/Stack';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from '../../../../contract/passwords.js';
import { TextInput } from '../../../components/form/text-input.js';
import { useCommonCheck } from '../lib/common-check.js';

/**
 * A form's schema with a new password (at `key`, under the contract's rules for this person,
 * common passwords too once their list is there) and its confirmation, which must be the same.
 */
export function useNewPasswordSchema<K extends string, S extends z.ZodRawShape>(
  person: { name: string; email: string },
  key: K,
  others: S,
) {
  const { t } = useTranslation();
  const isCommon = useCommonCheck();
  const password = { [key]: newPasswordSchema({ ...person, isCommon }) } as Record<K, ReturnType<typeof newPasswordSchema>>;
  return z.object({ ...others, ...password, confirm: z.string() }).refine(
    (v) => {
      const values: Record<string, unknown> = v;
      return values[key] === values.confirm;
    },
    { path: ['confirm'], message: t('account.password.mismatch') },
  );
}

/** A new password and its confirmation, with the rule said up front (the same checks run while typing). */
export function NewPasswordFields<T extends FieldValues>({
  control,
  name,
  confirm,
}: {
  control: Control<T>;
  name: Path<T>;
  confirm: Path<T>;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {[
        { name, label: t('account.password.new'), helperText: t('account.password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
        { name: confirm, label: t('account.password.confirm') },
      ].map((f) => (
        <TextInput key={f.name} control={control} {...f} type="password" autoComplete="new-password" required />
      ))}
    </Stack>
  );
}
