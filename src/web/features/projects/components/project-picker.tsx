import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/projects.js';
import { formatDate } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { muiTexts } from '../../../lib/mui-texts.js';
import { useDebouncedValue } from '../../../lib/use-debounced.js';
import { useProject } from '../api/get-project.js';
import { projectsQueryOptions } from '../api/get-projects.js';

const nameOf = (p: Project) => `${p.profile.firstName} ${p.profile.lastName}`;

/**
 * Picks one project by its tenant's name: the list is searched on the server 300 ms after typing
 * stops (an organization has hundreds of projects), the chosen one is read by its id so a link or
 * a refresh shows its name. The list is read when the picker opens, not with the page: most visits
 * never open it, and its answer re-rendered the picker in the middle of the page's first render.
 */
export function ProjectPicker({
  value,
  onChange,
  label,
}: {
  value: string | undefined;
  onChange: (id: string | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input);
  const selected = useProject(value ?? '', { enabled: Boolean(value) });
  const [open, setOpen] = useState(false);
  const options = useQuery({ ...projectsQueryOptions({ page: 1, pageSize: 20, search: search || undefined }), enabled: open });
  const current = value ? (selected.data ?? null) : null;
  const list = options.data?.items ?? [];
  return (
    <Autocomplete
      {...muiTexts(lang).autocomplete}
      sx={{ minWidth: 300 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={current && !list.some((p) => p.id === current.id) ? [current, ...list] : list}
      value={current}
      onChange={(_e, p) => onChange(p?.id ?? null)}
      // the text shown is the Autocomplete's; only what the user types is searched
      onInputChange={(_e, v, reason) => setInput(reason === 'input' ? v : '')}
      filterOptions={(x) => x}
      getOptionLabel={nameOf}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching || (open && options.isPending)}
      noOptionsText={t('projects.pickerEmpty')}
      loadingText={t('common.loading')}
      renderOption={(props, p) => (
        <li {...props} key={p.id}>
          {nameOf(p)} — {p.profile.email} — {formatDate(p.createDate, lang)}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
