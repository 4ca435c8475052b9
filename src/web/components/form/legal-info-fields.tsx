import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SirenSchema } from '../../../contract/common.js';
import { COMPANY_TYPES, COMPANY_TYPE_LABELS, GENDERS, labelIn } from '../../../contract/enums.js';
import { useLang } from '../../lib/i18n.js';
import { PersonFields } from './person-fields.js';
import { SelectInput } from './select-input.js';
import { TextInput } from './text-input.js';

/**
 * The declarant's legal information (the claim body's legalInfo): the person, the company and
 * its address. Used by the claim form and by the organization's settings.
 */
export function LegalInfoFields<T extends FieldValues, O extends FieldValues = T>({
  control,
  prefix,
}: {
  control: Control<T, unknown, O>;
  prefix: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = (f: string) => `${prefix}.${f}` as FieldPath<T>;
  const addressId = useId();
  // the address is optional as a whole: once any line of it is typed, its four parts are required
  const address = useWatch({ control, name: name('address') }) as Record<string, unknown> | undefined;
  const addressGiven = Object.entries(address ?? {}).some(([k, v]) => k !== 'country' && typeof v === 'string' && v.trim() !== '');
  // a SIREN typed in groups is sent as its digits (the contract removes the spaces): the field says so, as the phone's does
  const siren = useWatch({ control, name: name('siren') }) as unknown;
  const sirenRead = typeof siren === 'string' ? SirenSchema.safeParse(siren) : null;
  const sirenAs = sirenRead?.success && sirenRead.data !== siren ? t('legal.sirenAs', { value: sirenRead.data }) : undefined;
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 3 }}>
          <SelectInput
            control={control}
            name={name('gender')}
            label={t('person.gender')}
            options={GENDERS.map((g) => ({ value: g.code, label: labelIn(g, lang) }))}
          />
        </Grid>
        {/* the names start their own row */}
        <Grid size={{ sm: 9 }} sx={{ display: { xs: 'none', sm: 'block' } }} />
        <PersonFields control={control} prefix={prefix} />
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 2 }}>
        {t('legal.company')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput control={control} name={name('companyName')} label={t('legal.companyName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <SelectInput
            control={control}
            name={name('companyType')}
            label={t('legal.companyType')}
            options={COMPANY_TYPES.map((c) => ({ value: c, label: labelIn(COMPANY_TYPE_LABELS[c], lang) }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextInput control={control} name={name('shareCapital')} label={t('legal.shareCapital')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextInput control={control} name={name('siren')} label={t('legal.siren')} inputMode="numeric" helperText={sirenAs} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextInput control={control} name={name('rCSCity')} label={t('legal.rcsCity')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextInput control={control} name={name('rCSNumber')} label={t('legal.rcsNumber')} />
        </Grid>
      </Grid>
      <Typography id={addressId} variant="subtitle1" component="h3" sx={{ mt: 3, mb: 2 }}>
        {t('legal.companyAddress')}
      </Typography>
      <Grid container spacing={2} role="group" aria-labelledby={addressId}>
        <Grid size={{ xs: 12, sm: 8 }}>
          <TextInput control={control} name={name('address.address')} label={t('address.address')} required={addressGiven} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextInput control={control} name={name('address.additionalAddress')} label={t('address.additionalAddress')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextInput control={control} name={name('address.zipCode')} label={t('address.zipCode')} required={addressGiven} />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextInput control={control} name={name('address.city')} label={t('address.city')} required={addressGiven} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextInput control={control} name={name('address.country')} label={t('address.country')} required={addressGiven} />
        </Grid>
      </Grid>
    </>
  );
}
