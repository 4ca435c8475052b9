import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_PRECARIOUS, PRECARIOUS_STATUSES, TENANT_STATUSES, TenantStatus, labelIn } from '../../../../contract/enums.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { SelectInput } from '../../../components/form/select-input.js';
import { useLang } from '../../../lib/i18n.js';
import { OTHER_RESOURCES as OTHER } from './prescore-body.js';
import type { ProjectFormValues } from './project-form-values.js';

/**
 * Finance of spec 2.6 with its conditional parts: contract length for CDD and interim, the
 * pension instead of income for the retired. A referent cannot be a student or retired.
 */
export function FinanceFields({ control, prefix }: { control: Control<ProjectFormValues>; prefix: 'finance' | 'referentFinance' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const status = useWatch({ control, name: `${prefix}.status` });
  const statuses = TENANT_STATUSES.filter(
    (s) => prefix === 'finance' || (s.code !== TenantStatus.Student && s.code !== TenantStatus.Retired),
  );
  const retired = status === TenantStatus.Retired;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          control={control}
          name={`${prefix}.status`}
          label={t('project.status')}
          required
          options={statuses.map((s) => ({ value: s.code, label: labelIn(s, lang) }))}
        />
      </Grid>
      {status !== undefined && PRECARIOUS_STATUSES.includes(status) ? (
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            control={control}
            name={`${prefix}.contractPrecarious`}
            label={t('project.contractPrecarious')}
            required
            options={CONTRACT_PRECARIOUS.map((c) => ({ value: c.code, label: labelIn(c, lang) }))}
          />
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, sm: 6 }}>
        {retired ? (
          <MoneyInput control={control} name={`${prefix}.retirementPensionAmount`} label={t('project.retirementPensionAmount')} required />
        ) : (
          <MoneyInput control={control} name={`${prefix}.monthlyIncome`} label={t('project.monthlyIncome')} />
        )}
      </Grid>
      <Grid size={12}>
        <Accordion disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>{t('project.otherIncome')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Grid container spacing={2}>
              {OTHER.map((f) => (
                <Grid key={f} size={{ xs: 12, sm: 6, md: 3 }}>
                  <MoneyInput control={control} name={`${prefix}.${f}`} label={t(`project.${f}`)} />
                </Grid>
              ))}
            </Grid>
          </AccordionDetails>
        </Accordion>
      </Grid>
    </Grid>
  );
}
