import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MessageKey } from '../lib/i18n.js';

/**
 * The organization's pages (team, audit trail, events, settings) under one entry of the header's
 * row: the manager's row holds five areas, the search, the language and the account at 1280 px.
 */
export function OrganizationMenu({ pages }: { pages: { to: string; key: MessageKey }[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const here = pages.some((p) => pathname.startsWith(p.to));
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ArrowDropDownIcon />}
        sx={{
          flexShrink: 0,
          px: 1,
          textTransform: 'none',
          fontSize: '0.95rem',
          ...(here ? { textDecoration: 'underline', textUnderlineOffset: 6 } : {}),
        }}
      >
        {t('nav.organization')}
      </Button>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {pages.map((p) => (
          <MenuItem key={p.to} component={NavLink} to={p.to} selected={pathname.startsWith(p.to)} onClick={() => setAnchor(null)}>
            {t(p.key)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
