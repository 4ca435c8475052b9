import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import type { MessageKey } from '../lib/i18n.js';

/**
 * What a route says of its title (router.tsx): a fixed title, or `named` when the page names itself
 * (a claim or a project: its tenant's name, known once read) with `usePageTitle`.
 */
export type PageHandle = { title: MessageKey } | { named: true };

/**
 * The browser tab's title for the page: what the page is ("Sarah Leroy — Sinistre"), then the
 * product's name, in the UI language, so tabs, history and a screen reader's announcement of the
 * page tell pages apart. Set again when the language or the page's name changes.
 */
export function usePageTitle(...parts: (string | null | undefined)[]): void {
  const { t } = useTranslation();
  const title = [...parts.filter((p): p is string => Boolean(p)), t('app.title')].join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function FixedTitle({ title }: { title: MessageKey }) {
  const { t } = useTranslation();
  usePageTitle(t(title));
  return null;
}

/** The routes' root: the title of a page that has a fixed one (the others set theirs), then the page. */
export function TitledPages() {
  const handle = useMatches().findLast((m) => m.handle !== undefined)?.handle as PageHandle | undefined;
  return (
    <>
      {handle && 'title' in handle ? <FixedTitle title={handle.title} /> : null}
      <Outlet />
    </>
  );
}
