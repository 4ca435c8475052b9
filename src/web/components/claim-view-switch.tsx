import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClaimView } from '../../contract/assignments.js';

/**
 * "Mes sinistres" or every claim of the agency: the view a list of claims shows (the claims list,
 * the work queue, the round), pressed as a pair; what "mine" holds said beside it.
 */
export function ClaimViewSwitch({ value, onChange }: { value: ClaimView; onChange: (view: ClaimView) => void }) {
  const { t } = useTranslation();
  const hint = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 1.5 }} sx={{ alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        aria-label={t('claimView.label')}
        aria-describedby={hint}
        // a tap on the pressed one changes nothing (null)
        onChange={(_e, next: ClaimView | null) => {
          if (next && next !== value) onChange(next);
        }}
        // the pressed one filled in the primary blue, the other in the text's colour: both read at 4.5:1 or more on the page
        sx={{
          '.MuiToggleButton-root': { textTransform: 'none', px: 1.5, color: 'text.primary' },
          '.MuiToggleButton-root.Mui-selected, .MuiToggleButton-root.Mui-selected:hover': {
            color: 'common.white',
            backgroundColor: 'primary.main',
          },
        }}
      >
        <ToggleButton value="mine">{t('claimView.mine')}</ToggleButton>
        <ToggleButton value="all">{t('claimView.all')}</ToggleButton>
      </ToggleButtonGroup>
      <Typography id={hint} variant="body2" color="text.secondary">
        {t(value === 'mine' ? 'claimView.mineHint' : 'claimView.allHint')}
      </Typography>
    </Stack>
  );
}
