import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assignee } from '../../contract/assignees.js';

interface Props {
  /** '' (everyone), 'me' or a colleague's id. */
  value: string;
  colleagues: readonly Assignee[];
  onChange: (value: string) => void;
}

/** "Looked after by": everyone, me, or one colleague (the lists and the work queue). */
export function AssigneeFilter({ value, colleagues, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormControl sx={{ minWidth: { xs: '100%', md: 220 } }}>
      {/* "everyone" is the empty value, shown (displayEmpty): the label stays above it, not over it */}
      <InputLabel id={id} shrink>
        {t('readModel.assignee')}
      </InputLabel>
      <Select labelId={id} label={t('readModel.assignee')} value={value} onChange={(e) => onChange(e.target.value)} displayEmpty notched>
        <MenuItem value="">{t('readModel.everyone')}</MenuItem>
        <MenuItem value="me">{t('readModel.mine')}</MenuItem>
        {colleagues.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
