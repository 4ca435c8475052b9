import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AUDIT_OPERATIONS, AUDIT_OPERATION_LABELS, type AuditFilter } from '../../../../contract/audit.js';
import { IsoDateSchema } from '../../../../contract/common.js';
import { labelIn } from '../../../../contract/enums.js';
import { DateInput } from '../../../components/form/date-input.js';
import { useLang } from '../../../lib/i18n.js';
import { useUrlSearch } from '../../../lib/use-debounced.js';
import type { ParamChanges } from '../../../lib/use-url-params.js';
import { useAuditActors } from '../api/get-audit-actors.js';

interface Period {
  from: string;
  to: string;
}

/**
 * The trail's filters, kept in the URL (the CSV export reads the same): a person, an operation, a
 * tenant's name as typed (sent once typing pauses) and a period in the app's day-first date fields.
 */
export function AuditFilters({ filter, onChange }: { filter: AuditFilter; onChange: (changes: ParamChanges) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const actors = useAuditActors();
  const set = (key: keyof AuditFilter) => (e: { target: { value: string } }) => onChange({ [key]: e.target.value || null, page: null });
  const [tenant, setTenant] = useUrlSearch(filter.tenant ?? '', (text) => onChange({ tenant: text || null, page: null }));
  // the period's fields follow the URL; a whole date (or an emptied field) goes to the URL, a half-typed one waits
  const period = useForm<Period>({ values: { from: filter.from ?? '', to: filter.to ?? '' } });
  const { subscribe } = period;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (name !== 'from' && name !== 'to') return;
          const value = values[name] ?? '';
          if (value === '' || IsoDateSchema.safeParse(value).success) onChange({ [name]: value || null, page: null });
        },
      }),
    [subscribe, onChange],
  );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { md: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('audit.filters.person')}
        value={filter.actor ?? ''}
        onChange={set('actor')}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('audit.filters.everyone')}</MenuItem>
        {(actors.data?.items ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('audit.filters.operation')}
        value={filter.operation ?? ''}
        onChange={set('operation')}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">{t('audit.filters.all')}</MenuItem>
        {AUDIT_OPERATIONS.map((op) => (
          <MenuItem key={op} value={op}>
            {labelIn(AUDIT_OPERATION_LABELS[op], lang)}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" type="search" label={t('audit.filters.tenant')} value={tenant} onChange={(e) => setTenant(e.target.value)} />
      <Stack direction="row" spacing={1.5} sx={{ width: { xs: '100%', md: 360 } }}>
        <DateInput control={period.control} name="from" label={t('audit.filters.from')} size="small" />
        <DateInput control={period.control} name="to" label={t('audit.filters.to')} size="small" />
      </Stack>
      <Button
        onClick={() => {
          setTenant('');
          onChange({ actor: null, operation: null, tenant: null, projectId: null, claimId: null, from: null, to: null, page: null });
        }}
      >
        {t('audit.filters.clear')}
      </Button>
    </Stack>
  );
}
