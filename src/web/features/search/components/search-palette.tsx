import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CLAIM_STATUSES, PROJECT_STATUSES, labelOf } from '../../../../contract/enums.js';
import type { SearchHit } from '../../../../contract/global-search.js';
import { formatDateTime } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/format.js';
import { toLang } from '../../../lib/i18n.js';
import { readRecent, rememberRecent } from '../../../lib/recent-items.js';
import { useDebouncedValue } from '../../../lib/use-debounced.js';
import { useGlobalSearch } from '../api/global-search.js';

/** What is typed, once it has stayed the same this long: a search per pause, not per key. */
const DEBOUNCE_MS = 200;

interface Group {
  label: string;
  hits: SearchHit[];
}

/**
 * The search palette (Ctrl+K, ⌘K or the header's button): claims and projects found by the
 * server in its read model, grouped by kind with their status and key figure; the arrows choose,
 * Enter opens, Esc closes; the recently opened ones while nothing is typed. Full screen on phones.
 */
export default function SearchPalette({ owner, onClose }: { owner: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const navigate = useNavigate();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const search = useGlobalSearch(q);
  // the option chosen with the arrows, for the results of one query (new results start at the first)
  const [chosen, setChosen] = useState({ q, i: 0 });
  const active = chosen.q === q ? chosen.i : 0;
  const setActive = (i: number) => setChosen({ q, i });
  const [recent] = useState(() => readRecent(owner));
  const id = useId();

  const groups: Group[] =
    q === ''
      ? [{ label: t('search.recent'), hits: recent }]
      : [
          { label: t('search.claims'), hits: search.data?.claims ?? [] },
          { label: t('search.projects'), hits: search.data?.projects ?? [] },
        ];
  const hits = groups.flatMap((g) => g.hits);
  const current = Math.min(active, Math.max(hits.length - 1, 0));
  const optionId = (i: number) => `${id}-option-${i}`;

  const open = (hit: SearchHit) => {
    rememberRecent(owner, hit);
    onClose();
    void navigate(hit.kind === 'claim' ? `/claims/${hit.id}` : `/projects/${hit.id}`);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length) setActive((current + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter') {
      const hit = hits[current];
      if (hit) {
        e.preventDefault();
        open(hit);
      }
    }
  };
  const status = (h: SearchHit) => labelOf(h.kind === 'claim' ? CLAIM_STATUSES : PROJECT_STATUSES, h.status, lang);
  const figure = (h: SearchHit) =>
    h.kind === 'claim'
      ? t('search.outstanding', { amount: formatMoney(h.amount, lang) })
      : h.amount === null
        ? t('search.noRent')
        : t('search.rent', { amount: formatMoney(h.amount, lang) });

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      {/* the close button beside the title, not inside it: the dialog's name is its title alone */}
      <DialogTitle id={`${id}-title`} sx={{ pr: 6 }}>
        {t('search.title')}
      </DialogTitle>
      <IconButton aria-label={t('search.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 1 }}>
        <TextField
          autoFocus
          fullWidth
          label={t('search.field')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          sx={{ mt: 1 }}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': hits.length > 0,
              'aria-controls': `${id}-list`,
              'aria-activedescendant': hits.length ? optionId(current) : undefined,
              'aria-autocomplete': 'list',
              autoComplete: 'off',
              maxLength: 100,
            },
          }}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('search.keys')}
        </Typography>
        {search.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void search.refetch()}>
                {t('search.retry')}
              </Button>
            }
          >
            {t('search.failed')}
          </Alert>
        ) : null}
        <Box role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
          <Typography variant="body2" color="text.secondary">
            {q === ''
              ? recent.length
                ? ''
                : t('search.noRecent')
              : search.isFetching && !search.data
                ? t('search.searching')
                : search.data && hits.length === 0
                  ? t('search.none', { q })
                  : search.data
                    ? t('search.found', { count: hits.length })
                    : ''}
          </Typography>
        </Box>
        <List
          id={`${id}-list`}
          role="listbox"
          aria-label={q === '' ? t('search.recent') : t('search.results')}
          aria-busy={text.trim() !== q || search.isFetching}
          dense
        >
          {groups.map((g, n) =>
            g.hits.length === 0 ? null : (
              <li key={g.label} role="presentation">
                <List role="group" aria-label={g.label} disablePadding>
                  <ListSubheader role="presentation" sx={{ lineHeight: 2.5 }}>
                    {g.label}
                  </ListSubheader>
                  {g.hits.map((h, k) => {
                    // the option's place in the whole list (the arrows move through every group)
                    const i = groups.slice(0, n).reduce((sum, before) => sum + before.hits.length, 0) + k;
                    return (
                      <ListItemButton
                        key={`${h.kind}-${h.id}`}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === current}
                        selected={i === current}
                        // the option Enter opens: outlined in the text colour (8:1), not only a faint tint
                        sx={{ '&.Mui-selected': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
                        onMouseMove={() => setActive(i)}
                        onClick={() => open(h)}
                        tabIndex={-1}
                      >
                        <ListItemText
                          primary={`${h.tenant.firstName} ${h.tenant.lastName}`}
                          secondary={[status(h), figure(h), h.reference, h.address].filter(Boolean).join(' · ')}
                        />
                      </ListItemButton>
                    );
                  })}
                </List>
              </li>
            ),
          )}
        </List>
        {q !== '' && search.data?.asOf ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('search.asOf', { date: formatDateTime(new Date(search.data.asOf).toISOString(), lang) })}
          </Typography>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
