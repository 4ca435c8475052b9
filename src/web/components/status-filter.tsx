import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';
import { labelIn, labelOf, type EnumEntry } from '../../contract/enums.js';
import { useLang } from '../lib/i18n.js';
import { OptionTick } from './option-tick.js';

/**
 * A list's filter by status, several at once (the projects', the claims'): the contract's table of
 * statuses in the UI language, each option ticked when chosen, the field showing the chosen ones.
 */
export function StatusFilter<C extends number>({
  label,
  entries,
  value,
  onChange,
  sx,
}: {
  label: string;
  entries: readonly EnumEntry<C>[];
  value: C[];
  onChange: (next: C[]) => void;
  sx?: SxProps<Theme>;
}) {
  const lang = useLang();
  const labelId = useId();
  return (
    <FormControl sx={sx}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        multiple
        value={value}
        onChange={(e) => onChange(typeof e.target.value === 'string' ? [] : e.target.value)}
        input={<OutlinedInput label={label} />}
        renderValue={(chosen) => chosen.map((s) => labelOf(entries, s, lang)).join(', ')}
      >
        {entries.map((s) => (
          <MenuItem key={s.code} value={s.code}>
            <OptionTick checked={value.includes(s.code)} />
            <ListItemText primary={labelIn(s, lang)} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
