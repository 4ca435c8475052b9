import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GENDERS } from '../../../../contract/enums.js';
import { DateInput } from '../../../components/form/date-input.js';
import { PhoneInput } from '../../../components/form/phone-input.js';
import { SelectInput } from '../../../components/form/select-input.js';
import { TextInput } from '../../../components/form/text-input.js';
import { currentLang } from '../../../lib/i18n.js';
import type { ProjectFormValues } from './project-form-values.js';

/** The person fields of spec 2.6, for the tenant (`profile`) or the referent. */
export function ProfileFields({
  control,
  prefix,
  today,
}: {
  control: Control<ProjectFormValues>;
  prefix: 'profile' | 'referent';
  today: string;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 3 }}>
        <SelectInput
          control={control}
          name={`${prefix}.gender`}
          label={t('project.gender')}
          required
          options={GENDERS.map((g) => ({ value: g.code, label: g[lang] }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextInput control={control} name={`${prefix}.firstName`} label={t('project.firstName')} required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextInput control={control} name={`${prefix}.lastName`} label={t('project.lastName')} required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextInput control={control} name={`${prefix}.email`} label={t('project.email')} type="email" required autoComplete="off" />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <DateInput control={control} name={`${prefix}.dateOfBirth`} label={t('project.dateOfBirth')} required maxDate={today} />
      </Grid>
      <Grid size={12}>
        <PhoneInput
          control={control}
          name={`${prefix}.phone`}
          label={t('project.phone')}
          countryLabel={t('project.country')}
          lang={lang}
          invalidMessage={t('project.phoneInvalid')}
        />
      </Grid>
    </Grid>
  );
}
