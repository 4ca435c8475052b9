import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AUDIT_OPERATIONS, AUDIT_OPERATION_LABELS, type AuditFilter } from '../../../../contract/audit.js';
import { labelIn } from '../../../../contract/enums.js';
import { currentLang } from '../../../lib/i18n.js';
import type { ParamChanges } from '../../../lib/use-url-params.js';
import { useAuditActors } from '../api/get-audit-actors.js';

/** The trail's filters, kept in the URL (the CSV export reads the same). */
export function AuditFilters({ filter, onChange }: { filter: AuditFilter; onChange: (changes: ParamChanges) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const actors = useAuditActors();
  const set = (key: keyof AuditFilter) => (e: { target: { value: string } }) => onChange({ [key]: e.target.value || null, page: null });
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
      <TextField size="small" label={t('audit.filters.project')} value={filter.projectId ?? ''} onChange={set('projectId')} />
      <TextField size="small" label={t('audit.filters.claim')} value={filter.claimId ?? ''} onChange={set('claimId')} />
      <TextField
        size="small"
        type="date"
        label={t('audit.filters.from')}
        value={filter.from ?? ''}
        onChange={set('from')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('audit.filters.to')}
        value={filter.to ?? ''}
        onChange={set('to')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button onClick={() => onChange({ actor: null, operation: null, projectId: null, claimId: null, from: null, to: null, page: null })}>
        {t('audit.filters.clear')}
      </Button>
    </Stack>
  );
}
