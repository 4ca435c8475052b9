import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FilterListIcon from '@mui/icons-material/FilterList';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_SORTS, type InboxKind, type InboxSort } from '../../../../contract/inbox.js';
import { useUrlSearch } from '../../../lib/use-debounced.js';
import { kindKey } from '../kind-key.js';

export interface InboxFiltersProps {
  /** The kinds this user may see, in order, with how many lines each holds. */
  kinds: readonly InboxKind[];
  counts: Partial<Record<InboxKind, number>> | undefined;
  selected: readonly InboxKind[];
  tenant: string;
  sort: InboxSort;
  onKinds: (kinds: InboxKind[]) => void;
  onTenant: (tenant: string) => void;
  onSort: (sort: InboxSort) => void;
  onClear: () => void;
  /** More filters on the first row (who looks after the file), drawn before the toggles that come with the answer. */
  more?: ReactNode;
  /** How many of `more` are set (counted on the phone's "Filtres" button). */
  moreSet?: number;
}

/**
 * A tenant search sent 300 ms after typing stops, the order within groups, then the groups as
 * toggles with their counts (none pressed: all shown). The toggles come last: they appear with the
 * answer, together with the lines below them, so nothing already drawn moves (layout shift).
 */
export function InboxFilters(p: InboxFiltersProps) {
  const { t } = useTranslation();
  const [text, setText] = useUrlSearch(p.tenant, p.onTenant);
  const toggle = (k: InboxKind) => p.onKinds(p.selected.includes(k) ? p.selected.filter((x) => x !== k) : [...p.selected, k]);
  const shown = p.kinds.filter((k) => (p.counts?.[k] ?? 0) > 0 || p.selected.includes(k));
  const all = p.kinds.reduce((n, k) => n + (p.counts?.[k] ?? 0), 0);
  // on a phone the filters wait behind one button (they pushed the first line below the first screen)
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const panel = useId();
  const set = p.selected.length + (p.tenant ? 1 : 0) + (p.sort !== 'urgency' ? 1 : 0) + (p.moreSet ?? 0);
  const filters = (
    <Stack spacing={2}>
      {/* the fields wrap rather than squeeze the tenant's (a sliver at 800 px, the page wider than the window) */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <TextField
          type="search"
          label={t('inbox.tenant')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ flex: { sm: '1 1 240px' } }}
        />
        <TextField
          select
          label={t('inbox.sort')}
          value={p.sort}
          onChange={(e) => p.onSort(INBOX_SORTS.find((s) => s === e.target.value) ?? 'urgency')}
          sx={{ minWidth: { sm: 260 } }}
        >
          {INBOX_SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`inbox.sorts.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {p.more}
        {p.selected.length > 0 || p.tenant || p.sort !== 'urgency' ? <Button onClick={p.onClear}>{t('inbox.clear')}</Button> : null}
      </Stack>
      <Stack direction="row" useFlexGap role="group" aria-label={t('inbox.kinds')} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Chip
          label={p.counts ? `${t('inbox.allKinds')} · ${all}` : t('inbox.allKinds')}
          color={p.selected.length === 0 ? 'primary' : 'default'}
          variant={p.selected.length === 0 ? 'filled' : 'outlined'}
          onClick={() => p.onKinds([])}
          aria-pressed={p.selected.length === 0}
        />
        {shown.map((k) => (
          <Chip
            key={k}
            label={`${t(`inbox.group.${kindKey(k)}`)} · ${p.counts?.[k] ?? 0}`}
            color={p.selected.includes(k) ? 'primary' : 'default'}
            variant={p.selected.includes(k) ? 'filled' : 'outlined'}
            onClick={() => toggle(k)}
            aria-pressed={p.selected.includes(k)}
            sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          />
        ))}
      </Stack>
    </Stack>
  );
  if (!phone) return filters;
  return (
    <Stack spacing={1}>
      <Button
        variant="outlined"
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        {set > 0 ? `${t('inbox.filters')} · ${set}` : t('inbox.filters')}
      </Button>
      <Collapse in={open} id={panel} unmountOnExit>
        {filters}
      </Collapse>
    </Stack>
  );
}
