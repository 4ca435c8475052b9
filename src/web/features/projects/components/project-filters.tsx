import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../../contract/enums.js';
import { ClearFiltersButton } from '../../../components/clear-filters-button.js';
import { DebouncedSearch } from '../../../components/debounced-search.js';
import { StatusFilter } from '../../../components/status-filter.js';

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
  const search = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState(p.statuses);
  const [seen, setSeen] = useState(p.statuses.join(','));
  if (p.statuses.join(',') !== seen) {
    // the URL changed (clear, back button, our own update): show it
    setSeen(p.statuses.join(','));
    setSelected(p.statuses);
  }
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-start' } }}>
      <DebouncedSearch
        label={t('projects.search')}
        help={t('projects.searchHelp')}
        value={p.search}
        onSearch={p.onSearch}
        inputRef={search}
      />
      <StatusFilter
        label={t('projects.status')}
        entries={PROJECT_STATUSES}
        value={selected}
        onChange={(next) => {
          setSelected(next);
          p.onStatuses(next);
        }}
        // as wide with three statuses as with none (it grew with each tick, and the search shrank)
        sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}
      />
      {p.statuses.length > 0 || p.search ? (
        <ClearFiltersButton label={t('projects.clearFilters')} onClear={p.onClear} focusAfter={search} sx={{ mt: { md: 1.25 } }} />
      ) : null}
    </Stack>
  );
}
