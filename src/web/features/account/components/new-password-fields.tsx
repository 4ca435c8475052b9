import Stack from '@mui/material/Stack';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../contract/passwords.js';
import { TextInput } from '../../../components/form/text-input.js';

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
      <TextInput
        control={control}
        name={name}
        label={t('account.password.new')}
        type="password"
        autoComplete="new-password"
        required
        helperText={t('account.password.rule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      />
      <TextInput
        control={control}
        name={confirm}
        label={t('account.password.confirm')}
        type="password"
        autoComplete="new-password"
        required
      />
    </Stack>
  );
}
