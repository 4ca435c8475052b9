// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1/claims" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { langCheckScript, SHELL_COPY, shellScript } from './app-shell.js';
import { shellCopySchema, shellMarkup } from '../src/server/shell.js';
import { formatMoney } from '../src/web/lib/format.js';

/** This page (/claims) as the server sends it: its language, what it names in the head, the shell in #root. */
function page(head: string, root = '', lang = 'fr'): void {
  document.documentElement.lang = lang;
  document.head.innerHTML = head;
  document.body.innerHTML = `<div id="root">${root}</div>`;
}
/** Runs the shell's inline script as the browser does: a classic script, on its own. */
const runShell = (files: string[] = [], lang = { fr: [] as number[], en: [] as number[] }): void => {
  new Function(shellScript(files, lang))();
};
/** Runs the language check as the browser does (the server keeps it in a page whose language it guessed). */
const runCheck = (): void => {
  new Function(langCheckScript())();
};
const CODE = `<script type="application/json" id="pd-code">${JSON.stringify({ entry: '/assets/index-x.js', preload: ['/assets/a.js'] })}</script>`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = 'pd.lang=; max-age=0; path=/';
});

describe('the app shell the server writes', () => {
  it('is written with the copy the build takes from the catalogues (the schema the server reads it with)', () => {
    expect(shellCopySchema.parse(JSON.parse(JSON.stringify(SHELL_COPY)))).toEqual(SHELL_COPY);
  });

  it('paints a claims list whose amounts read as the app writes them', () => {
    const values = [0, 12.5, 1234.56, -80, 1_000_000, 99.9];
    const answer = {
      items: values.map((amountOutstanding, i) => ({
        id: `c${i}`,
        status: 10,
        tenant: { firstName: 'Léa', lastName: `N${i}` },
        rentDueDate: '2026-01-05',
        amountOutstanding,
      })),
      total: values.length,
      page: 1,
      pageSize: 20,
    };
    for (const lang of ['fr', 'en'] as const) {
      page('', shellMarkup(SHELL_COPY, { path: '/claims', search: '', lang, answer }));
      // the desk's columns: tenant, status, first month, outstanding, awaited
      const cells = [...document.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[3]?.textContent);
      expect(cells).toEqual(values.map((v) => formatMoney(v, lang)));
    }
  });
});

describe('the app shell’s script', () => {
  it('starts the app’s code after the frame that paints the shell: the entry script in a task of its own, then two links a task', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    page(CODE, '<div class="shell">drawn by the server</div>');
    runShell(['assets/copy-fr.js', 'assets/copy-en.js'], { fr: [0], en: [1] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('script[type="module"]')).toBeNull();
    const timers: (() => void)[] = [];
    vi.stubGlobal('setTimeout', (f: () => void) => timers.push(f));
    for (const f of frames) f(0);
    // the frame's task: the entry script alone; the next task: the first two links
    timers.shift()?.();
    expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-x.js');
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    while (timers.length > 0) timers.shift()?.();
    // the page's code, then the features' copy in the page's language
    expect([...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      '/assets/a.js',
      '/assets/copy-fr.js',
    ]);
  });

  it('adds no modulepreload for a file the page already preloads (the app’s own preloading came first)', async () => {
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => setTimeout(f));
    page(
      `<script type="application/json" id="pd-code">${JSON.stringify({ entry: '/assets/index-x.js', preload: ['/assets/a.js', '/assets/b.js', '/assets/c.js'] })}</script>` +
        '<link rel="modulepreload" href="http://127.0.0.1/assets/b.js">',
      '<div class="shell">drawn by the server</div>',
    );
    runShell();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))).toEqual([
      'http://127.0.0.1/assets/b.js',
      '/assets/a.js',
      '/assets/c.js',
    ]);
  });

  it('starts the app’s code within half a second when no frame comes', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    page(CODE);
    runShell();
    await new Promise((resolve) => setTimeout(resolve, 550));
    expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-x.js');
  });

  it('touches neither the page nor the stored choice before the frame', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    page(CODE, '<div class="shell">Sinistres</div>');
    const touched = vi.spyOn(document, 'getElementById');
    runShell();
    expect(touched).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
  });
});

describe('the app shell’s language check (in a page whose language the server guessed)', () => {
  it('clears a shell in another language than the stored choice, and keeps the choice in the cookie', async () => {
    localStorage.setItem('pd.lang', 'en');
    page(CODE, '<div class="shell">Sinistres</div>', 'fr');
    runCheck();
    runShell(['assets/copy-fr.js', 'assets/copy-en.js'], { fr: [0], en: [1] });
    expect(document.querySelector('#root')?.innerHTML).toBe('');
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('pd.lang=en');
    // the code preloads the stored language's copy
    await new Promise((resolve) => setTimeout(resolve, 550));
    expect(document.querySelector('link[href="/assets/copy-en.js"]')).not.toBeNull();
    expect(document.querySelector('link[href="/assets/copy-fr.js"]')).toBeNull();
  });

  it('keeps a shell in the stored language, and says "auto" in the cookie when nothing is stored', () => {
    localStorage.setItem('pd.lang', 'fr');
    page(CODE, '<div class="shell">Sinistres</div>', 'fr');
    runCheck();
    expect(document.querySelector('.shell')).not.toBeNull();
    expect(document.cookie).toContain('pd.lang=fr');
    localStorage.clear();
    runCheck();
    expect(document.querySelector('.shell')).not.toBeNull();
    expect(document.cookie).toContain('pd.lang=auto');
  });
});
