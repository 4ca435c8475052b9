import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageLanguage, shellMarkup, type ShellCopy } from './shell.js';
import { pageHtml } from './static.js';

/** The shell's copy as the build writes it (dist/shell.json), cut down to what these tests read. */
const words = (lang: 'fr' | 'en') => ({
  app: `App-${lang}`,
  pages: { claims: [`Claims-${lang}`], inbox: [`Inbox-${lang}`, `Intro-${lang}`], 'claim-workspace': [`Back-${lang}`] },
  signIn: { over: 'o', title: 't', heading: 'h', email: 'e', password: 'p', submit: 's', sandboxHint: `Demo-${lang}` },
  claims: {
    csv: 'csv',
    status: 'status',
    project: 'project',
    count: '{{count}} claim(s)',
    empty: `None-${lang}`,
    headers: ['tenant', 'status', 'first', 'outstanding', 'awaited'],
    awaits: ['nothing', 'documents'],
    labelValue: '{{label}}: {{value}}',
    statuses: { '10': [`Waits-${lang}`, 1] as [string, number] },
    rowsPerPage: 'Rows',
    displayed: '-1–-2 of -3',
  },
});
const COPY: ShellCopy = {
  routes: [
    ['^\\/sign-in$', 'sign-in', false],
    ['^\\/$', 'inbox', true],
    ['^\\/claims$', 'claims', true],
    ['^\\/claims\\/[^/]+$', 'claim-workspace', true],
  ],
  copy: { fr: words('fr'), en: words('en') },
};
const claim = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  status: 10,
  tenant: { firstName: 'Léa', lastName: 'Nguyễn' },
  rentDueDate: '2026-01-05',
  amountOutstanding: 1234.5,
  property: { address: '1 rue X', zipCode: '75001', city: 'Paris' },
  ...over,
});
const list = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('the UI language of a page', () => {
  it('is the cookie the app keeps its choice in, else the browser’s first language as the app reads it', () => {
    expect(pageLanguage('a=1; pd.lang=en; b=2', 'fr-FR,fr;q=0.9')).toEqual({ lang: 'en', guessed: false });
    expect(pageLanguage('pd.lang=fr', 'en-GB')).toEqual({ lang: 'fr', guessed: false });
    expect(pageLanguage(undefined, 'en-GB,en;q=0.9')).toEqual({ lang: 'en', guessed: true });
    expect(pageLanguage('pd.lang=de', 'fr-CA')).toEqual({ lang: 'fr', guessed: true });
    expect(pageLanguage('xpd.lang=en', 'de-DE')).toEqual({ lang: 'en', guessed: true });
    // the shell's check found nothing stored: the browser's language, no check again
    expect(pageLanguage('pd.lang=auto', 'en-US')).toEqual({ lang: 'en', guessed: false });
    expect(pageLanguage('pd.lang=auto', 'fr')).toEqual({ lang: 'fr', guessed: false });
    // nothing said: French, as the app
    expect(pageLanguage(undefined, undefined)).toEqual({ lang: 'fr', guessed: true });
  });
});

describe('the shell’s markup', () => {
  it('draws the claims list’s rows in the page’s language, the partner’s words as text', () => {
    const html = shellMarkup(COPY, {
      path: '/claims',
      search: '',
      lang: 'en',
      answer: list([claim({ tenant: { firstName: '<img src=x onerror=alert(1)>', lastName: '"&' } })]),
    });
    expect(html).toContain('<h1>Claims-en</h1>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; "&amp;');
    expect(html).not.toContain('<img');
    expect(html).toContain('€1,234.50');
    expect(html).toContain('Waits-en');
    expect(html).toContain('1–1 of 1');
    expect(shellMarkup(COPY, { path: '/claims', search: '', lang: 'fr', answer: list([claim()]) })).toContain('1\u202f234,50\u00a0€');
  });

  it('draws the title only when the rows cannot be drawn as the page draws them', () => {
    const titleOnly = (search: string, answer: unknown) => {
      const html = shellMarkup(COPY, { path: '/claims', search, lang: 'fr', answer });
      return html.includes('<tbody>') ? 'rows' : html.includes('<h1>Claims-fr</h1>') ? 'title' : html;
    };
    expect(titleOnly('', list([claim()]))).toBe('rows');
    expect(titleOnly('?status=10', list([claim()]))).toBe('title');
    expect(titleOnly('', list([claim({ status: 99 })]))).toBe('title');
    expect(titleOnly('', list([claim({ amountOutstanding: 1.005 })]))).toBe('title');
    expect(titleOnly('', list([claim({ rentDueDate: '5 janvier' })]))).toBe('title');
    expect(titleOnly('', { items: 'no' })).toBe('title');
    expect(titleOnly('', undefined)).toBe('title');
  });

  it('draws a detail page’s title only when the server read it, and nothing for an address it does not know', () => {
    expect(shellMarkup(COPY, { path: '/claims/c1', search: '', lang: 'fr', title: 'Léa <b>' })).toContain(
      '<span class="shell-back">\u2190 Back-fr</span><h1 class="shell-title">Léa &lt;b&gt;</h1>',
    );
    expect(shellMarkup(COPY, { path: '/claims/c1', search: '', lang: 'fr' })).not.toContain('<h1');
    expect(shellMarkup(COPY, { path: '/nowhere', search: '', lang: 'fr' })).toBe('');
  });

  it('shows the sandbox’s notice on the sign-in card in sandbox mode only', () => {
    expect(shellMarkup(COPY, { path: '/sign-in', search: '', lang: 'en', mode: 'sandbox' })).toContain('Demo-en');
    expect(shellMarkup(COPY, { path: '/sign-in', search: '', lang: 'en', mode: 'live' })).not.toContain('Demo-en');
  });
});

describe('the page’s HTML', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const INDEX = `<!doctype html><html lang="fr"><head><script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div>
    <script>/*pd-lang*/(function(){localStorage.getItem('pd.lang')})();</script>
    <script>(function(){var box=document.getElementById('pd-code')})();</script></body></html>`;
  const built = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-test-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'index.html'), INDEX);
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
    return pageHtml(dir);
  };
  const preloads = JSON.stringify({ preloads: [{ pattern: '^\\/claims$', files: ['/assets/page-claims-1.js'] }] });

  it('holds the shell in #root, in the page’s language, and the language check only when the language was guessed', () => {
    const html = built({ 'preloads.json': preloads, 'shell.json': JSON.stringify(COPY) });
    const answers = { '/api/v1/claims?page=1&pageSize=20': list([claim()]) };
    const en = html('/claims', { lang: 'en', langGuessed: false, answers });
    expect(en).toContain('<html lang="en">');
    expect(en).toMatch(/<div id="root"><div class="shell">.*<h1>Claims-en<\/h1>.*Léa Nguyễn.*<\/div><\/div>\n/s);
    expect(en).not.toContain('pd-lang');
    expect(en).not.toContain('localStorage');
    const guessed = html('/claims', { lang: 'fr', langGuessed: true });
    expect(guessed).toContain('<html lang="fr">');
    expect(guessed).toContain('<h1>Claims-fr</h1>');
    expect(guessed).toContain("<script>/*pd-lang*/(function(){localStorage.getItem('pd.lang')})();</script>");
    // the inline script is untouched: the CSP's hash of it still holds
    expect(en).toContain("<script>(function(){var box=document.getElementById('pd-code')})();</script>");
  });

  it('leaves #root empty without the build’s shell copy (an older build) and for an address it has no code for', () => {
    expect(built({ 'preloads.json': preloads })('/claims', { lang: 'en' })).toContain('<div id="root"></div>');
    expect(built({ 'preloads.json': preloads, 'shell.json': JSON.stringify(COPY) })('/nowhere', { lang: 'en' })).toBe(INDEX);
  });
});
