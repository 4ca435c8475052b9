import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GENDERS, labelIn } from '../../../../contract/enums.js';
import { DateInput } from '../../../components/form/date-input.js';
import { PersonFields } from '../../../components/form/person-fields.js';
import { SelectInput } from '../../../components/form/select-input.js';
import { useLang } from '../../../lib/i18n.js';
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
  const lang = useLang();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <SelectInput
          control={control}
          name={`${prefix}.gender`}
          label={t('person.gender')}
          required
          options={GENDERS.map((g) => ({ value: g.code, label: labelIn(g, lang) }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 8 }}>
        <DateInput control={control} name={`${prefix}.dateOfBirth`} label={t('project.dateOfBirth')} required maxDate={today} />
      </Grid>
      <PersonFields control={control} prefix={prefix} />
    </Grid>
  );
}
