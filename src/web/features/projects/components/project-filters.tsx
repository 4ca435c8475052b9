import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES, labelOf, type ProjectStatus, labelIn } from '../../../../contract/enums.js';
import { OptionTick } from '../../../components/option-tick.js';
import { useLang } from '../../../lib/i18n.js';
import { useUrlSearch } from '../../../lib/use-debounced.js';

export interface ProjectFiltersProps {
  statuses: ProjectStatus[];
  search: string;
  onStatuses: (s: ProjectStatus[]) => void;
  onSearch: (s: string) => void;
  onClear: () => void;
}

/** Status (several at once) and tenant search; the search is sent 300 ms after typing stops. */
export function ProjectFilters(p: ProjectFiltersProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [text, setText] = useUrlSearch(p.search, p.onSearch);
  const [selected, setSelected] = useState(p.statuses);
  const [seen, setSeen] = useState(p.statuses.join(','));
  if (p.statuses.join(',') !== seen) {
    // the URL changed (clear, back button, our own update): show it
    setSeen(p.statuses.join(','));
    setSelected(p.statuses);
  }
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField type="search" label={t('projects.search')} value={text} onChange={(e) => setText(e.target.value)} sx={{ flex: 1 }} />
      <FormControl sx={{ minWidth: 280 }}>
        <InputLabel id="status-filter-label">{t('projects.status')}</InputLabel>
        <Select
          labelId="status-filter-label"
          multiple
          value={selected}
          onChange={(e) => {
            const next = (typeof e.target.value === 'string' ? [] : e.target.value) as ProjectStatus[];
            setSelected(next);
            p.onStatuses(next);
          }}
          input={<OutlinedInput label={t('projects.status')} />}
          renderValue={(sel) => sel.map((s) => labelOf(PROJECT_STATUSES, s, lang)).join(', ')}
        >
          {PROJECT_STATUSES.map((s) => (
            <MenuItem key={s.code} value={s.code}>
              <OptionTick checked={selected.includes(s.code)} />
              <ListItemText primary={labelIn(s, lang)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {p.statuses.length > 0 || p.search ? <Button onClick={p.onClear}>{t('projects.clearFilters')}</Button> : null}
    </Stack>
  );
}
