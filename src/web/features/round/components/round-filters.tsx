import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export const ROUND_STATES = ['todo', 'done', 'error'] as const;
export type RoundStateFilter = (typeof ROUND_STATES)[number];
export const isRoundState = (v: string | null): v is RoundStateFilter => ROUND_STATES.some((s) => s === v);

/** The round's filters: tenant, row state, past deadline only (isRowPastDeadline; kept in the URL by the page). */
export function RoundFilters(p: {
  tenant: string;
  state: RoundStateFilter | null;
  late: boolean;
  /** The sentence that says what "past deadline" means. */
  lateDescribedBy?: string;
  onTenant: (v: string) => void;
  onState: (v: RoundStateFilter | null) => void;
  onLate: (v: boolean) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      component="search"
      aria-label={t('round.filters.label')}
      sx={{ alignItems: { sm: 'center' } }}
    >
      <TextField size="small" label={t('round.filters.tenant')} value={p.tenant} onChange={(e) => p.onTenant(e.target.value)} />
      <TextField
        select
        size="small"
        label={t('round.filters.state')}
        value={p.state ?? ''}
        onChange={(e) => p.onState(isRoundState(e.target.value) ? e.target.value : null)}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{t('round.filters.all')}</MenuItem>
        {ROUND_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(s === 'error' ? 'round.filters.failed' : `round.state.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={p.late}
            onChange={(e) => p.onLate(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': p.lateDescribedBy } }}
          />
        }
        label={t('round.filters.late')}
      />
      {p.tenant || p.state || p.late ? (
        <Button onClick={p.onClear} size="small">
          {t('round.filters.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}
