import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TenantStatus } from '../../../../contract/enums.js';
import { MIN_ELIGIBLE_SCORE, makeProjectCreateBodySchema, type Project, type ProjectCreateBody } from '../../../../contract/projects.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { Section } from '../../../components/section.js';
import { FormFooter } from '../../../components/form/form-footer.js';
import { TextInput } from '../../../components/form/text-input.js';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { newIdempotencyKey } from '../../../lib/api-client.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { formatMoney } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useCreateProject } from '../api/create-project.js';
import { useScore } from '../api/get-score.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { FinanceFields } from './finance-fields.js';
import { ProfileFields } from './profile-fields.js';
import type { ProjectFormValues } from './project-form-values.js';
import { prescoreBody } from './prescore-body.js';

const DRAFT = 'project-new';
/** The finances' amounts (the tenant's and the referent's), not their status nor a contract's length. */
const AMOUNT_FIELD = /^(finance|referentFinance)\.(?!status$|contractPrecarious$)/;

const blank = (): ProjectFormValues => ({
  profile: { phone: { phoneContryCode: 'FR' } } as ProjectFormValues['profile'],
  finance: {} as ProjectFormValues['finance'],
});

interface Props {
  today: string;
  onCreated: (project: Project) => void;
}

/**
 * The new-project form. Discarding the draft starts a new, empty form (every input, including
 * those that keep what is being typed, starts again from nothing).
 */
export function ProjectForm(props: Props) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  return (
    <>
      {generation > 0 ? (
        <Alert severity="success" role="status">
          {t('project.draftDiscarded')}
        </Alert>
      ) : null}
      <ProjectFormBody key={generation} {...props} onDiscard={() => setGeneration((g) => g + 1)} />
    </>
  );
}

/** Tenant profile and finance (spec 2.6), validated with the contract schema before sending. */
function ProjectFormBody({ today, onCreated, onDiscard }: Props & { onDiscard: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const schema = makeProjectCreateBodySchema(today);
  const [form, draft] = useDraftForm<ProjectFormValues, unknown, ProjectCreateBody>(DRAFT, {
    resolver: contractResolver(schema),
    defaultValues: blank(),
    mode: 'onTouched',
    // a section that is hidden again (the referent of a student, a fixed-term contract's length)
    // takes its values with it: they are neither validated nor sent
    shouldUnregister: true,
    shouldFocusError: false,
  });
  // an amount is checked as it is typed (1e300 says "at most 100,000,000" at once), once it holds
  // something: the other fields keep the form's mode (checked when left), so nobody is told off mid-word
  const { subscribe, getValues, trigger } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (
            type === 'change' &&
            name !== undefined &&
            AMOUNT_FIELD.test(name) &&
            getValues(name as FieldPath<ProjectFormValues>) !== undefined
          )
            void trigger(name as FieldPath<ProjectFormValues>);
        },
      }),
    [subscribe, getValues, trigger],
  );
  const { ref: formRef, onInvalid } = useFocusFirstError(form.setFocus);
  const create = useCreateProject();
  const saved = useRef(false);
  const score = useScore();
  // one key per form: a double click or a retry after a lost answer cannot create two projects
  const [idempotencyKey] = useState(newIdempotencyKey);
  const status = useWatch({ control: form.control, name: 'finance.status' });
  const finance = useWatch({ control: form.control, name: 'finance' });
  const referentFinance = useWatch({ control: form.control, name: 'referentFinance' });
  const student = status === TenantStatus.Student;
  // a student's project is scored on the referent's finance (as the partner scores the project)
  const prescore = prescoreBody(student ? referentFinance : finance, student);
  // a result computed for other finances is not shown as if it were this tenant's
  const outdated = score.data !== undefined && JSON.stringify(score.variables) !== JSON.stringify(prescore.success ? prescore.data : null);

  const onValid = (body: ProjectCreateBody) =>
    create.mutate(
      { body: student ? body : { ...body, referent: undefined, referentFinance: undefined }, idempotencyKey },
      {
        onSuccess: (project) => {
          saved.current = true;
          draft.end();
          form.reset(form.getValues());
          onCreated(project);
        },
        onError: (error) =>
          applyServerErrors(error, form.setError, (p) => p.startsWith('profile') || p.startsWith('finance') || p.startsWith('referent')),
      },
    );

  return (
    <Stack
      component="form"
      ref={formRef}
      spacing={3}
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
      noValidate
      aria-label={t('project.newTitle')}
    >
      {draft.restored ? (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              onClick={() => {
                draft.discard();
                onDiscard();
              }}
            >
              {t('project.discardDraft')}
            </Button>
          }
        >
          {t('project.draftRestored')}
        </Alert>
      ) : null}
      <Section title={t('project.finance')}>
        <FinanceFields control={form.control} prefix="finance" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            // its words on one line (beside a long hint it was squeezed to "CALCULER LE PRÉ- / SCORE"); the hint wraps instead
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            disabled={!prescore.success || score.isPending}
            aria-describedby={prescore.success ? undefined : 'prescore-needs'}
            onClick={() => prescore.success && score.mutate(prescore.data)}
          >
            {t('project.prescore')}
          </Button>
          {prescore.success ? null : (
            <Typography id="prescore-needs" variant="body2" color="text.secondary">
              {[
                prescore.missing.length > 0
                  ? t(student ? 'project.prescoreNeedsReferent' : 'project.prescoreNeeds', {
                      fields: prescore.missing.map((f) => t(`project.${f}`)).join(', '),
                    })
                  : '',
                prescore.invalid.length > 0
                  ? t(student ? 'project.prescoreFixReferent' : 'project.prescoreFix', {
                      fields: prescore.invalid.map((f) => t(`project.${f}`)).join(', '),
                    })
                  : '',
              ]
                .filter(Boolean)
                .join(' ')}
            </Typography>
          )}
          {score.data && outdated ? (
            <Typography role="status" color="text.secondary">
              {t('project.prescoreOutdated')}
            </Typography>
          ) : null}
          {score.data && !outdated ? (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
              <Typography>
                {t(student ? 'project.prescoreResultReferent' : 'project.prescoreResult', { score: formatMoney(score.data.score, lang) })}
              </Typography>
              <Chip
                size="small"
                color={score.data.eligible ? 'success' : 'error'}
                label={score.data.eligible ? t('project.eligible') : t('project.notEligible')}
              />
            </Stack>
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('project.threshold', { min: MIN_ELIGIBLE_SCORE })}
        </Typography>
        {score.error ? <ErrorAlert error={score.error} /> : null}
      </Section>
      <Section title={t('project.tenant')}>
        <ProfileFields control={form.control} prefix="profile" today={today} />
      </Section>
      {student ? (
        <Section title={t('project.referent')}>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('project.referentHint')}
          </Alert>
          <ProfileFields control={form.control} prefix="referent" today={today} />
          <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 2 }}>
            {t('project.referentFinance')}
          </Typography>
          <FinanceFields control={form.control} prefix="referentFinance" />
        </Section>
      ) : null}
      <TextInput control={form.control} name="metadata.externalLeadId" label={t('project.externalLeadId')} sx={{ maxWidth: 400 }} />
      <FormFooter
        error={create.error}
        pending={create.isPending}
        label={t('project.create')}
        pendingLabel={t('project.creating')}
        dirty={form.formState.isDirty && !create.isSuccess}
        saved={saved}
        draft
      />
    </Stack>
  );
}
