// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://127.0.0.1/claims" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainMoneySource, shellScript } from './app-shell.js';
import { formatMoney, plainMoney } from '../src/web/lib/format.js';

/** Amounts of every size with 0-3 decimals, both signs, and what plainMoney leaves to Intl. */
function amounts(): number[] {
  const out = [0, 1, -1, 0.5, 0.05, 1000, 1234.5, -1234.56, 1e6, 999999999999.99, 2 ** 53 - 1, 1.005, -0, 1e21, Number.NaN];
  let seed = 3;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(next() * 10);
    const scale = [1, 10, 100, 1000][Math.floor(next() * 4)] ?? 100;
    out.push(((next() < 0.2 ? -1 : 1) * Math.round(next() * magnitude * scale)) / scale);
  }
  return out;
}

/** This page (/claims) as the server sends it: #root, and what it names in the head. */
function page(head: string): void {
  document.head.innerHTML = head;
  document.body.innerHTML = '<div id="root"></div>';
}
/** Runs the shell's inline script as the browser does: a classic script, on its own. */
const runShell = (): void => {
  new Function(shellScript([], { fr: [], en: [] }))();
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the app shell’s amounts', () => {
  it('are written by plainMoney’s own code, compiled alone: the same string (or refusal) for every amount, in both languages', () => {
    const source = plainMoneySource();
    const shellMoney = new Function(`${source}\nreturn plainMoney;`)() as typeof plainMoney;
    for (const value of amounts()) {
      expect(shellMoney(value, 'fr'), String(value)).toBe(plainMoney(value, 'fr'));
      expect(shellMoney(value, 'en'), String(value)).toBe(plainMoney(value, 'en'));
    }
    expect(shellScript([], { fr: [], en: [] })).toContain(source);
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
    // a desk's width: one cell per column
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    for (const lang of ['fr', 'en'] as const) {
      localStorage.setItem('pd.lang', lang);
      page(`<script type="application/json" id="pd-answers">${JSON.stringify({ '/api/v1/claims': answer })}</script>`);
      runShell();
      const cells = [...document.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[3]?.textContent);
      expect(cells).toEqual(values.map((v) => formatMoney(v, lang)));
    }
  });
});

describe('the app shell’s script', () => {
  it('starts the app’s code even when it cannot draw the page', async () => {
    page(
      `<script type="application/json" id="pd-code">${JSON.stringify({ entry: '/assets/index-x.js', preload: ['/assets/a.js'] })}</script>` +
        '<script type="application/json" id="pd-answers">{"/api/v1/claims":{"items":[],"total":0,"page":1,"pageSize":20}}</script>',
    );
    // a browser where drawing the list throws
    vi.stubGlobal('matchMedia', () => {
      throw new Error('no media queries here');
    });
    runShell();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-x.js');
    expect(document.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe('/assets/a.js');
  });
});
