import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { pageSpans, pagesReducer, type Page, type PageAction } from '../../lib/document-pages/page-list.js';
import { PageFlags } from './page-flags.js';
import { PageThumbnail } from './page-thumbnail.js';
import { visuallyHidden } from '../visually-hidden.js';

type Control = 'up' | 'down' | 'rotate' | 'remove';

/**
 * The pages in order as thumbnails, each with buttons to move it up or down, turn it and remove
 * it: plain buttons, so a keyboard and a screen reader use them as any other; what each did is
 * said in a live region, and the focus stays on the page that moved.
 */
export function PageListView({
  label,
  pages,
  dispatch,
  disabled,
  onRetake,
}: {
  label: string;
  pages: readonly Page[];
  dispatch: (action: PageAction) => void;
  disabled: boolean;
  onRetake?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focus = (id: string | undefined, control: Control) => {
    if (id) buttons.current.get(`${id}:${control}`)?.focus();
  };
  const act = (page: Page, action: PageAction) => {
    const after = pagesReducer(pages, action);
    // the rows moved in the DOM before the focus goes to one of them (React's documented way)
    flushSync(() => dispatch(action));
    const name = page.file.name;
    const now = pageSpans(after);
    if (action.type === 'move') {
      const n = after.findIndex((p) => p.id === page.id);
      const span = now.spans.get(page.id) ?? { first: n + 1, count: 1 };
      setSaid(t('documentPages.moved', { name, n: span.first, last: span.first + span.count - 1, count: span.count, total: now.total }));
      const stuck = (action.by < 0 && n === 0) || (action.by > 0 && n === after.length - 1);
      focus(page.id, action.by < 0 ? (stuck ? 'down' : 'up') : stuck ? 'up' : 'down');
    } else if (action.type === 'rotate') {
      const turned = after.find((p) => p.id === page.id)?.rotation ?? 0;
      setSaid(t('documentPages.rotated', { name, degrees: turned }));
    } else if (action.type === 'remove') {
      setSaid(t('documentPages.removed', { name, count: now.total }));
      const index = pages.findIndex((p) => p.id === page.id);
      focus((after[index] ?? after[index - 1])?.id, 'remove');
    }
  };
  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };
  // each item is numbered by the pages it will be in the document (a PDF may hold several)
  const { spans, total } = pageSpans(pages);
  return (
    <Box>
      <Box component="ol" aria-label={t('documentPages.list', { label })} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {pages.map((page, i) => {
          const { first: n, count } = spans.get(page.id) ?? { first: i + 1, count: 1 };
          const which = { n, last: n + count - 1, count };
          const controls: { key: Control; title: string; icon: ReactNode; off: boolean; action: PageAction }[] = [
            {
              key: 'up',
              title: t('documentPages.up', which),
              icon: <ArrowUpwardIcon />,
              off: i === 0,
              action: { type: 'move', id: page.id, by: -1 },
            },
            {
              key: 'down',
              title: t('documentPages.down', which),
              icon: <ArrowDownwardIcon />,
              off: i === pages.length - 1,
              action: { type: 'move', id: page.id, by: 1 },
            },
            {
              key: 'rotate',
              title: t('documentPages.rotate', which),
              icon: <RotateRightIcon />,
              off: false,
              action: { type: 'rotate', id: page.id },
            },
            {
              key: 'remove',
              title: t('documentPages.remove', which),
              icon: <DeleteIcon />,
              off: false,
              action: { type: 'remove', id: page.id },
            },
          ];
          return (
            <Box
              component="li"
              key={page.id}
              aria-label={t('documentPages.page', { ...which, total, name: page.file.name })}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
            >
              <PageThumbnail page={page} />
              <Box sx={{ flex: '1 1 120px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {count > 1 ? `${n}–${which.last}` : n}
                  {'. '}
                  <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {page.file.name}
                  </Box>
                </Typography>
                {count > 1 ? (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('documentPages.pdfPages', { count })}
                  </Typography>
                ) : null}
                {page.rotation ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('documentPages.turned', { degrees: page.rotation })}
                  </Typography>
                ) : null}
                <PageFlags page={page} n={n} onRetake={onRetake && !disabled ? () => onRetake(page.id) : undefined} />
              </Box>
              <Stack direction="row" spacing={0.5}>
                {controls.map((c) => (
                  <Tooltip key={c.key} title={c.title}>
                    <span>
                      <IconButton
                        ref={ref(`${page.id}:${c.key}`)}
                        aria-label={c.title}
                        disabled={disabled || c.off}
                        onClick={() => act(page, c.action)}
                      >
                        {c.icon}
                      </IconButton>
                    </span>
                  </Tooltip>
                ))}
              </Stack>
            </Box>
          );
        })}
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {said}
      </Box>
    </Box>
  );
}
