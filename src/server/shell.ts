import { z } from 'zod';
import { plainMoney } from '../contract/money.js';

/**
 * The app shell's markup (issue 14), written by the server into the page's `#root`: what a phone
 * paints before the app's JavaScript has run. The build (scripts/app-shell.ts) writes the copy it
 * needs, taken from the app's catalogues, to dist/shell.json; the CSS (same sizes as the app's
 * page, so nothing moves when React takes over) is in the HTML's head.
 *
 * Why the server and not an inline script: the script ran inside the HTML's parse, in the
 * document's own task, after the first paint in Lighthouse's model of a phone, and building the
 * DOM from script paid for every element type's first JavaScript wrapper, the first localStorage
 * read and the compilation: 7-24 ms observed (x4 simulated) on every page. The parser builds the
 * same markup without any of it.
 *
 * The header and, on the work queue and the lists, the page's title (and the work queue's
 * introduction); on a detail page its way back and its title (the server read it); on the claims
 * list, the first page of rows the server answered inside the HTML, as the page draws them, for
 * both widths (the phone's rows and the desk's columns, one of them shown by a media query, at
 * 600 px as the app's `sm` breakpoint); on the sign-in page its card.
 */

/** What the build writes (dist/shell.json). */
export const shellCopySchema = z.object({
  /** [pattern, page, signed in], in router.tsx's order. */
  routes: z.array(z.tuple([z.string(), z.string(), z.boolean()])),
  copy: z.record(
    z.enum(['fr', 'en']),
    z.object({
      app: z.string(),
      /** A page's title (and introduction); a detail page's way back. */
      pages: z.record(z.string(), z.array(z.string())),
      signIn: z.object({
        over: z.string(),
        /** the app's name (h1) */
        title: z.string(),
        /** the card's heading (h2) */
        heading: z.string(),
        email: z.string(),
        password: z.string(),
        submit: z.string(),
        sandboxHint: z.string(),
      }),
      claims: z.object({
        csv: z.string(),
        status: z.string(),
        project: z.string(),
        count: z.string(),
        empty: z.string(),
        /** tenant, status, first month, outstanding, awaited */
        headers: z.array(z.string()).length(5),
        /** what a claim waits for, by the index of its status */
        awaits: z.array(z.string()),
        labelValue: z.string(),
        /** status code → [label, index in awaits] */
        statuses: z.record(z.string(), z.tuple([z.string(), z.number().int()])),
        rowsPerPage: z.string(),
        /** "-1–-2 of -3" */
        displayed: z.string(),
      }),
    }),
  ),
});
export type ShellCopy = z.infer<typeof shellCopySchema>;
export type ShellLang = 'fr' | 'en';

/** What the page knows of the visitor's request. */
export interface ShellInput {
  path: string;
  /** The query string, with its "?" (a filtered list is left to the app). */
  search: string;
  lang: ShellLang;
  mode?: 'sandbox' | 'live';
  /** A detail page's title (the server's read). */
  title?: string;
  /** The claims list's answer (the server's read). */
  answer?: unknown;
}

/** The cookie the app writes its UI language into (web/lib/i18n.ts), beside its localStorage. */
export const LANG_COOKIE = 'pd.lang';

/**
 * The UI language of a request: the app's choice mirrored into the cookie, else the browser's
 * first language as the app reads it (`navigator.language`: the first of Accept-Language):
 * French unless it is English... as the app: French when it starts with "fr", else English.
 * `guessed` when no cookie said it (the shell's language check then reads the stored choice);
 * "auto" in the cookie: that check found none stored.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): { lang: ShellLang; guessed: boolean } {
  const stored = /(?:^|;\s*)pd\.lang=(fr|en|auto)(?:;|$)/.exec(cookie ?? '')?.[1];
  if (stored === 'fr' || stored === 'en') return { lang: stored, guessed: false };
  const first = (acceptLanguage ?? '').split(',')[0]?.trim() ?? '';
  // "auto": nothing stored, as the shell's check found (the browser's language, then)
  return { lang: first === '' || /^fr/i.test(first) ? 'fr' : 'en', guessed: stored !== 'auto' };
}

const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string) => text(s).replace(/"/g, '&quot;');
const svg = (d: string, cls = '') =>
  `<svg class="${cls}" viewBox="0 0 24 24" focusable="false" aria-hidden="true"><path d="${d}"></path></svg>`;
const tag = (name: string, cls: string, inner: string, attrs = '') => `<${name}${cls ? ` class="${cls}"` : ''}${attrs}>${inner}</${name}>`;

const MENU = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
// MUI's InfoOutlined, the Alert's icon for severity "info"
const INFO =
  'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z';
const DROP = 'M7 10l5 5 5-5z';
const DOWNLOAD = 'M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z';
const PREV = 'M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z';
const NEXT = 'M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z';
const DETAILS = new Set(['claim-workspace', 'project-detail']);

const claimSchema = z.object({
  id: z.string(),
  status: z.number(),
  tenant: z.object({ firstName: z.string(), lastName: z.string() }),
  rentDueDate: z.string().regex(/^\d{4}-\d\d-\d\d$/),
  amountOutstanding: z.number(),
  property: z.object({ address: z.string(), zipCode: z.string(), city: z.string() }).nullish(),
});
const listSchema = z.object({
  items: z.array(z.unknown()),
  total: z.number(),
  page: z.number().gt(0),
  pageSize: z.number().gt(0),
});

/**
 * The claims list's first page as routes/claims.tsx draws it, or null when it cannot be drawn
 * exactly so: a filter in the URL (its fields would show values), an answer of another shape, an
 * unknown status, an amount plainMoney leaves to Intl. The app then draws the rows.
 */
function claimsList(k: ShellCopy['copy']['fr']['claims'], title: string, lang: ShellLang, search: string, answer: unknown): string | null {
  if (/[?&](status|projectId)=/.test(search)) return null;
  const list = listSchema.safeParse(answer);
  if (!list.success) return null;
  const lv = (label: string, value: string) => k.labelValue.replace('{{label}}', () => label).replace('{{value}}', () => value);
  let rows = '';
  for (const item of list.data.items) {
    const r = claimSchema.safeParse(item);
    if (!r.success) return null;
    const { id, status, tenant, rentDueDate: d, amountOutstanding, property: p } = r.data;
    const st = Object.hasOwn(k.statuses, String(status)) ? k.statuses[String(status)] : undefined;
    const amount = plainMoney(amountOutstanding, lang);
    if (!st || amount === null) return null;
    const awaited = k.awaits[st[1]] ?? '';
    const date = `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    const chip = tag('span', `sc-k sc-k${st[1]}`, tag('span', '', text(st[0])));
    const place = p ? `${p.address}, ${p.zipCode} ${p.city}` : '\u2014';
    // the phone's card (sc-ph) and the desk's columns (sc-dk): CSS shows one
    const cell =
      tag('a', '', text(`${tenant.firstName} ${tenant.lastName}`), ` href="/claims/${attr(encodeURIComponent(id))}"`) +
      tag('span', 'sc-cap', text(place)) +
      tag('div', 'sc-cw sc-ph', chip) +
      tag('p', 'sc-b2 sc-ph', text(lv(k.headers[4] ?? '', awaited))) +
      tag('p', 'sc-cap sc-ph', text(`${lv(k.headers[3] ?? '', amount)} \u00b7 ${lv(k.headers[2] ?? '', date)}`));
    rows += tag(
      'tr',
      'sc-row',
      tag('td', '', tag('div', 'sc-c', cell)) +
        tag('td', 'sc-dk', chip) +
        tag('td', 'sc-dk', text(date)) +
        tag('td', 'sc-r sc-dk', text(amount)) +
        tag('td', 'sc-dk', text(awaited)),
    );
  }
  if (list.data.items.length === 0) {
    const none = tag('div', 'sc-e', text(k.empty));
    rows = tag('tr', 'sc-ph', tag('td', '', none, ' colspan="1"')) + tag('tr', 'sc-dk', tag('td', '', none, ' colspan="5"'));
  }
  const heads = k.headers
    .map((h, i) => tag('th', [i === 3 ? 'sc-r' : '', i > 0 ? 'sc-dk' : ''].filter(Boolean).join(' '), text(h), ' scope="col"'))
    .join('');
  const { total: n, pageSize: size, page } = list.data;
  const last = Math.max(0, Math.ceil(n / size) - 1);
  const at = n === 0 ? 0 : Math.min(page - 1, last);
  const shown = k.displayed
    .replace('-1', n === 0 ? '0' : String(at * size + 1))
    .replace('-2', String(Math.min(n, (at + 1) * size)))
    .replace('-3', String(n));
  const top = tag('div', 'sc-top', tag('h1', '', text(title)) + tag('span', 'sc-btn', svg(DOWNLOAD) + text(k.csv), ' aria-hidden="true"'));
  const fields = tag(
    'div',
    'sc-fs',
    tag('div', 'sc-f', text(k.status) + svg(DROP)) + tag('div', 'sc-f', text(k.project) + svg(DROP)),
    ' aria-hidden="true"',
  );
  const count = tag('p', 'sc-n', text(k.count.replace('{{count}}', () => String(n))));
  const table = tag('table', 'sc-t sc-d', tag('thead', '', tag('tr', '', heads)) + tag('tbody', '', rows), ` aria-label="${attr(title)}"`);
  const bar = tag(
    'div',
    'sc-pg',
    '<i></i>' +
      tag('p', '', text(k.rowsPerPage)) +
      tag('span', 'sc-sel', text(String(size)) + svg(DROP)) +
      tag('p', '', text(shown)) +
      tag('span', 'sc-act', svg(PREV, at > 0 ? 'sc-on' : '') + svg(NEXT, at < last ? 'sc-on' : '')),
    ' aria-hidden="true"',
  );
  return tag('div', 'sc', top + fields + count + tag('div', 'sc-p', tag('div', 'sc-tc', table) + bar));
}

/** The shell's markup for a page (empty for an address it does not draw: the app draws it). */
export function shellMarkup(copy: ShellCopy, input: ShellInput): string {
  const route = copy.routes.find(([pattern]) => new RegExp(pattern).test(input.path));
  const c = copy.copy[input.lang];
  if (!route || !c) return '';
  const [, page, signedIn] = route;
  if (page === 'sign-in') {
    const s = c.signIn;
    const top = tag(
      'div',
      'shell-card-top',
      tag('p', 'shell-over', text(s.over)) + tag('span', 'shell-lang', input.lang.toUpperCase() + svg(DROP).replace(' class=""', '')),
    );
    const form = tag(
      'div',
      '',
      tag('div', 'shell-field', `${text(s.email)}\u2009*`) +
        tag('div', 'shell-field', `${text(s.password)}\u2009*`) +
        tag('div', 'shell-submit', text(s.submit)),
      ' aria-hidden="true"',
    );
    const note =
      input.mode === 'sandbox'
        ? tag('div', 'shell-note', svg(INFO).replace(' class=""', '') + tag('p', '', text(s.sandboxHint)), ' role="note"')
        : '';
    return tag(
      'main',
      'shell shell-sign',
      tag('div', 'shell-card', top + tag('h1', '', text(s.title)) + tag('h2', '', text(s.heading)) + form + note),
    );
  }
  if (!signedIn) return '';
  const words = c.pages[page];
  let main = '';
  if (words && DETAILS.has(page)) {
    if (input.title) main = tag('span', 'shell-back', text(`\u2190 ${words[0] ?? ''}`)) + tag('h1', 'shell-title', text(input.title));
  } else if (words) {
    const list = page === 'claims' ? claimsList(c.claims, words[0] ?? '', input.lang, input.search, input.answer) : null;
    main = list ?? tag('h1', '', text(words[0] ?? '')) + (words[1] ? tag('p', '', text(words[1])) : '');
  }
  const menu = tag(
    'span',
    'shell-menu',
    `<svg viewBox="0 0 24 24" focusable="false"><path d="${MENU}"></path></svg>`,
    ' aria-hidden="true"',
  );
  const bar = tag('header', 'shell-bar', tag('div', 'shell-row', menu + tag('p', 'shell-app', text(c.app))));
  return tag('div', 'shell', bar + tag('main', 'shell-main', main));
}
