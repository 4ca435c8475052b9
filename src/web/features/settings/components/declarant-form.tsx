import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { LegalInfo } from '../../../../contract/claims.js';
import { DeclarantBodySchema, type Declarant, type DeclarantBody } from '../../../../contract/settings.js';
import { FormFooter } from '../../../components/form/form-footer.js';
import { LegalInfoFields } from '../../../components/form/legal-info-fields.js';
import { Section } from '../../../components/section.js';
import { contractResolver } from '../../../lib/contract-resolver.js';
import { useDraftForm } from '../../../lib/use-draft-form.js';
import { applyServerErrors } from '../../../lib/apply-server-errors.js';
import { formatDate, formatTime } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { legalInfoDefaults, legalInfoInput } from '../../../lib/legal-info-form.js';
import { useUpdateDeclarant } from '../api/update-declarant.js';
import { FormStack } from '../../../components/form/form-stack.js';

type FormValues = z.input<typeof DeclarantBodySchema>;

/** The contract's body schema, reading blank fields and an empty address as absent (as the claim form does). */
const schema = z.preprocess(
  (raw) => ({ legalInfo: legalInfoInput((raw as { legalInfo?: unknown } | undefined)?.legalInfo) }),
  DeclarantBodySchema,
);

// a form starts empty, with France as the phone's and the address's country
const initial = (legalInfo: LegalInfo | null): FormValues => ({ legalInfo: legalInfoDefaults(legalInfo) });

/** Changed fields, compared field by field (isDirty also counts the empty address the fields register). */
const hasChanges = (dirtyFields: object): boolean =>
  Object.values(dirtyFields).some((v) => (typeof v === 'object' && v !== null ? hasChanges(v) : v === true));

/** Managers type the declarant details once; every claim form starts from them. */
export function DeclarantForm({ declarant }: { declarant: Declarant }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useUpdateDeclarant();
  const saved = useRef(false);
  const defaultValues = initial(declarant.legalInfo);
  const [form] = useDraftForm<FormValues, unknown, DeclarantBody>('declarant', {
    resolver: contractResolver(schema as unknown as z.ZodType<DeclarantBody, FormValues>),
    defaultValues,
    mode: 'onTouched',
  });
  const changed = hasChanges(form.formState.dirtyFields);
  const onValid = (body: DeclarantBody) => {
    saved.current = false;
    save.mutate(body, {
      onSuccess: (answer) => {
        saved.current = true;
        form.reset(initial(answer.legalInfo));
      },
      onError: (error) => applyServerErrors(error, form.setError, (p) => p.startsWith('legalInfo.')),
    });
  };
  return (
    <FormStack label={t('settings.declarant')} onSubmit={(e) => form.handleSubmit(onValid)(e)} spacing={3}>
      <Section title={t('settings.declarant')}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('settings.declarantHint')}
        </Typography>
        <LegalInfoFields control={form.control} prefix="legalInfo" />
      </Section>
      {save.isSuccess && !changed ? (
        <Alert severity="success" role="status">
          {t('settings.saved')}
        </Alert>
      ) : null}
      {declarant.updatedAt && declarant.updatedBy ? (
        <Typography variant="body2" color="text.secondary">
          {t('settings.lastSaved', {
            date: formatDate(declarant.updatedAt, lang),
            time: formatTime(declarant.updatedAt, lang),
            name: declarant.updatedBy,
          })}
        </Typography>
      ) : null}
      <FormFooter
        error={save.error}
        pending={save.isPending}
        label={t('settings.save')}
        pendingLabel={t('settings.saving')}
        dirty={changed && !save.isPending}
        saved={saved}
        // what is typed is kept as a draft (useDraftForm): leaving loses nothing, signing out does
        draft
      />
    </FormStack>
  );
}
