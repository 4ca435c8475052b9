import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AUDIT_OPERATIONS, AUDIT_OPERATION_LABELS, type AuditFilter } from '../../../../contract/audit.js';
import { labelIn } from '../../../../contract/enums.js';
import { PeriodFields } from '../../../components/form/period-fields.js';
import { useLang } from '../../../lib/i18n.js';
import { useUrlSearch } from '../../../lib/use-debounced.js';
import type { ParamChanges } from '../../../lib/use-url-params.js';
import { useAuditActors } from '../api/get-audit-actors.js';

/** A filter's menu: the choice of all first (the filter off), then each option. */
function FilterMenu({
  label,
  value,
  onChange,
  all,
  options,
  minWidth,
}: {
  label: string;
  value: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  all: string;
  options: { value: string; label: string }[];
  minWidth: number;
}) {
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={onChange} sx={{ minWidth }}>
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
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
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { md: 'center' } }}>
      <FilterMenu
        label={t('audit.filters.person')}
        value={filter.actor}
        onChange={set('actor')}
        all={t('audit.filters.everyone')}
        options={(actors.data?.items ?? []).map((a) => ({ value: a.id, label: a.name }))}
        minWidth={200}
      />
      <FilterMenu
        label={t('audit.filters.operation')}
        value={filter.operation}
        onChange={set('operation')}
        all={t('audit.filters.all')}
        options={AUDIT_OPERATIONS.map((op) => ({ value: op, label: labelIn(AUDIT_OPERATION_LABELS[op], lang) }))}
        minWidth={220}
      />
      <TextField size="small" type="search" label={t('audit.filters.tenant')} value={tenant} onChange={(e) => setTenant(e.target.value)} />
      <PeriodFields
        period={filter}
        labels={{ from: t('audit.filters.from'), to: t('audit.filters.to') }}
        onChange={(field, value) => onChange({ [field]: value, page: null })}
        spacing={1.5}
        sx={{ width: { xs: '100%', md: 360 } }}
      />
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
