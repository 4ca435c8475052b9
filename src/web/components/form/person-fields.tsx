import Grid from '@mui/material/Grid';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from './phone-input.js';
import { TextInput } from './text-input.js';

/** First name, last name, email and phone of a person object (tenant, referent, owner, declarant). */
export function PersonFields<T extends FieldValues, O extends FieldValues = T>({
  control,
  prefix,
}: {
  control: Control<T, unknown, O>;
  prefix: string;
}) {
  const { t } = useTranslation();
  const name = (f: string) => `${prefix}.${f}` as FieldPath<T>;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput control={control} name={name('firstName')} label={t('person.firstName')} required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput control={control} name={name('lastName')} label={t('person.lastName')} required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput control={control} name={name('email')} label={t('person.email')} type="email" required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <PhoneInput
          control={control}
          name={name('phone')}
          label={t('person.phone')}
          countryLabel={t('person.country')}
          invalidMessage={t('person.phoneInvalid')}
        />
      </Grid>
    </>
  );
}
