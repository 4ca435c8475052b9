import Grid from '@mui/material/Grid';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/text-input.js';

/** The address object of spec 2.10: country, address, zip code and city required. */
export function AddressFields<T extends FieldValues>({ control, prefix }: { control: Control<T>; prefix: string }) {
  const { t } = useTranslation();
  const name = (f: string) => `${prefix}.${f}` as Path<T>;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextInput control={control} name={name('address')} label={t('address.address')} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput control={control} name={name('additionalAddress')} label={t('address.additionalAddress')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 3 }}>
        <TextInput control={control} name={name('zipCode')} label={t('address.zipCode')} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextInput control={control} name={name('city')} label={t('address.city')} required />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput control={control} name={name('country')} label={t('address.country')} required />
      </Grid>
    </Grid>
  );
}
