import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BAIL_TYPES, BAIL_TYPE_MOBILITY, OWNER_TYPES, RENT_ALONE, labelIn } from '../../../../contract/enums.js';
import type { RentalInfoShape } from '../../../../contract/projects.js';
import { coveredRent, makeRentalInfoBodySchema, type Project, type RentalInfoBody } from '../../../../contract/projects.js';
import { DateInput } from '../../../components/form/date-input.js';
import { MoneyInput } from '../../../components/form/money-input.js';
import { PersonFields } from '../../../components/form/person-fields.js';
import { SelectInput } from '../../../components/form/select-input.js';
import { TextInput } from '../../../components/form/text-input.js';
import { FormFooter } from '../../../components/form/form-footer.js';
import { whenParsed } from '../../../../contract/rules.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useAddRentalInformation } from '../api/add-rental-information.js';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { AddressFields } from './address-fields.js';

type RentValues = z.input<typeof RentalInfoShape>;

/** The contract's rental-information rules, plus: the project's score must cover the rent (spec 2.10). */
function rentSchema(today: string, score: number, message: (amount: number) => string) {
  return makeRentalInfoBodySchema(today).superRefine(
    (b, ctx) => {
      const needed = coveredRent(b);
      if (needed > score)
        ctx.addIssue({ code: 'custom', path: [b.rentAlone === 0 ? 'rentAmount' : 'personalRentAmount'], message: message(needed) });
    },
    whenParsed('rentAlone', 'rentAmount', 'personalRentAmount'),
  );
}

export function RentForm({ project, today }: { project: Project; today: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const draftName = `rent:${project.id}`;
  const schema = rentSchema(today, project.score, (amount) =>
    t('project.scoreShort', { score: formatMoney(project.score, lang), amount: formatMoney(amount, lang) }),
  );
  const [form, draft] = useDraftForm<RentValues, unknown, RentalInfoBody>(draftName, {
    resolver: contractResolver(schema),
    defaultValues: {
      owner: { phone: { phoneContryCode: 'FR' } },
      ownerType: 0,
      rentAlone: 0,
      bailType: 0,
      ownerAddress: { country: 'France' },
      addressInformation: { country: 'France' },
    } as RentValues,
    mode: 'onTouched',
    // a field hidden again (the agency's name, the end of a mobility lease) is neither validated nor sent
    shouldUnregister: true,
    shouldFocusError: false,
  });
  const { ref: formRef, onInvalid } = useFocusFirstError(form.setFocus);
  const add = useAddRentalInformation();
  const saved = useRef(false);
  const [ownerType, rentAlone, bailType, rentAmount, personalRentAmount] = useWatch({
    control: form.control,
    name: ['ownerType', 'rentAlone', 'bailType', 'rentAmount', 'personalRentAmount'],
  });
  const needed =
    typeof rentAmount === 'number'
      ? coveredRent({
          rentAlone: rentAlone ?? 0,
          rentAmount,
          personalRentAmount: typeof personalRentAmount === 'number' ? personalRentAmount : undefined,
        })
      : null;
  const onValid = (body: RentalInfoBody) =>
    add.mutate(
      { projectId: project.id, body },
      {
        onSuccess: () => {
          saved.current = true;
          draft.end();
          form.reset(form.getValues());
        },
        onError: (error) => applyServerErrors(error, form.setError, () => true),
      },
    );
  const options = (list: readonly { code: number; fr: string; en: string }[]) =>
    list.map((o) => ({ value: o.code, label: labelIn(o, lang) }));
  return (
    <Stack
      component="form"
      ref={formRef}
      spacing={3}
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
      noValidate
      aria-label={t('project.rent')}
    >
      <Typography variant="subtitle1" component="h3">
        {t('project.owner')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput control={form.control} name="ownerType" label={t('project.ownerType')} required options={options(OWNER_TYPES)} />
        </Grid>
        {ownerType === 1 ? (
          <Grid size={{ xs: 12, sm: 8 }}>
            <TextInput control={form.control} name="ownerOrganizationName" label={t('project.ownerOrganizationName')} required />
          </Grid>
        ) : null}
        <PersonFields control={form.control} prefix="owner" />
      </Grid>
      <Typography variant="subtitle2" component="h4">
        {t('project.ownerAddress')}
      </Typography>
      <AddressFields control={form.control} prefix="ownerAddress" />
      <Typography variant="subtitle1" component="h3">
        {t('project.property')}
      </Typography>
      <AddressFields control={form.control} prefix="addressInformation" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput control={form.control} name="rentAlone" label={t('project.rentAlone')} required options={options(RENT_ALONE)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <MoneyInput control={form.control} name="rentAmount" label={t('project.rentAmount')} required />
        </Grid>
        {rentAlone === 1 || rentAlone === 2 ? (
          <Grid size={{ xs: 12, sm: 4 }}>
            <MoneyInput control={form.control} name="personalRentAmount" label={t('project.personalRentAmount')} required />
          </Grid>
        ) : null}
        <Grid size={{ xs: 12, sm: 4 }}>
          <MoneyInput control={form.control} name="securityDeposit" label={t('project.securityDeposit')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectInput control={form.control} name="bailType" label={t('project.bailType')} required options={options(BAIL_TYPES)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <DateInput control={form.control} name="startLease" label={t('project.startLease')} required minDate={today} />
        </Grid>
        {bailType === BAIL_TYPE_MOBILITY ? (
          <Grid size={{ xs: 12, sm: 4 }}>
            <DateInput
              control={form.control}
              name="theoreticalEndLease"
              label={t('project.theoreticalEndLease')}
              required
              minDate={today}
            />
          </Grid>
        ) : null}
      </Grid>
      {needed !== null && Number.isFinite(needed) ? (
        <Alert severity={needed <= project.score ? 'success' : 'warning'} role="status">
          {needed <= project.score
            ? t('project.scoreCovers', { score: formatMoney(project.score, lang) })
            : t('project.scoreShort', { score: formatMoney(project.score, lang), amount: formatMoney(needed, lang) })}
        </Alert>
      ) : null}
      <FormFooter
        error={add.error}
        pending={add.isPending}
        label={t('project.submitRent')}
        pendingLabel={t('project.sendingRent')}
        dirty={form.formState.isDirty && !add.isSuccess}
        saved={saved}
        draft
      />
    </Stack>
  );
}
