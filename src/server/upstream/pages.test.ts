import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Claim } from '../../contract/claims.js';
import { claimFixture } from '../../web/test/fixtures.js';
import { HttpError } from '../http-error.js';
import { PartnerReads } from '../sync/partner.js';
import type { Upstream, UpstreamRequest } from './client.js';
import { MAX_PAGES, PAGE_SIZE, findInPages, walkPages, type ListPage } from './pages.js';

/** A list of `rows` ids at PAGE_SIZE a page; `total` is what its pages say (a partner's total may be wrong). */
function list(rows: number, total = rows) {
  const asked: number[] = [];
  const read = async (page: number): Promise<ListPage<number>> => {
    asked.push(page);
    const from = (page - 1) * PAGE_SIZE;
    const items = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, rows - from)) }, (_, i) => from + i);
    return { items, pageSize: PAGE_SIZE, total };
  };
  return { read, asked };
}

async function walk<L extends ListPage<unknown>>(pages: AsyncGenerator<{ page: number; list: L; last: boolean }>) {
  const seen: { page: number; items: number; last: boolean }[] = [];
  for await (const { page, list: l, last } of pages) seen.push({ page, items: l.items.length, last });
  return seen;
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof HttpError ? e.code : String(e)),
  );

describe('the walk through a list of the partner', () => {
  it('stops at the page that reaches the total, without asking for the next', async () => {
    const full = list(250);
    expect(await walk(walkPages(full.read))).toEqual([
      { page: 1, items: 100, last: false },
      { page: 2, items: 100, last: false },
      { page: 3, items: 50, last: true },
    ]);
    expect(full.asked).toEqual([1, 2, 3]);
    // exactly two pages' worth: the second page is the last
    const even = list(200);
    expect((await walk(walkPages(even.read))).map((p) => p.last)).toEqual([false, true]);
    expect(even.asked).toEqual([1, 2]);
  });

  it('stops at an empty page, whatever the total says (rows removed while the list was read)', async () => {
    const shrunk = list(150, 400);
    expect(await walk(walkPages(shrunk.read))).toEqual([
      { page: 1, items: 100, last: false },
      { page: 2, items: 50, last: false },
      { page: 3, items: 0, last: true },
    ]);
    // an empty organization: one page, empty, the last
    expect(await walk(walkPages(list(0, 0).read))).toEqual([{ page: 1, items: 0, last: true }]);
  });

  it('resumes at the page given (a walk that stopped midway)', async () => {
    const full = list(350);
    expect((await walk(walkPages(full.read, 3))).map((p) => p.page)).toEqual([3, 4]);
    expect(full.asked).toEqual([3, 4]);
  });

  it('reads a page only when the caller asks for it, and stops where what is looked for is found', async () => {
    const full = list(1000);
    expect(await findInPages(full.read, (i) => i === 234)).toBe(234);
    expect(full.asked).toEqual([1, 2, 3]);
    expect(await findInPages(list(120).read, (i) => i === 5000)).toBeNull();
  });

  it('refuses a list that never ends at the cap, as an answer that cannot be used, never as the whole list', async () => {
    const endless = list(Number.MAX_SAFE_INTEGER);
    const seen: number[] = [];
    const counted = (async () => {
      for await (const { page } of walkPages(endless.read)) seen.push(page);
    })();
    expect(await code(counted)).toBe('UPSTREAM_INVALID');
    expect([seen.length, seen.at(-1)]).toEqual([MAX_PAGES, MAX_PAGES]);
    expect(endless.asked.at(-1)).toBe(MAX_PAGES);
    expect(await code(findInPages(list(Number.MAX_SAFE_INTEGER).read, () => false))).toBe('UPSTREAM_INVALID');
  });
});

/** A partner whose claims list never ends: every page one claim, the total always a page ahead. */
function endlessPartner(claim: Claim): Upstream {
  const request = async (req: UpstreamRequest) => {
    const page = Number(new URL(req.path, 'http://partner').searchParams.get('page'));
    const body = JSON.stringify({ items: [claim], page, pageSize: PAGE_SIZE, total: (page + 1) * PAGE_SIZE });
    return {
      status: 200,
      header: (name: string) => (name === 'content-type' ? 'application/json' : null),
      body: Readable.from([Buffer.from(body)]),
    };
  };
  return { request } as Pick<Upstream, 'request'> as Upstream;
}

describe('the sync looking for a claim in a list that never ends', () => {
  const other = claimFixture();
  const wanted = '0d9b3c1e-7a2f-4e6b-8c5d-3f1a2b4c6d8e';
  const pace = async () => undefined;

  it('fails, and never takes the claim for gone (which would make the read model forget it)', async () => {
    const reads = new PartnerReads(endlessPartner(other));
    expect(await code(reads.claim(wanted, other.projectId, pace))).toBe('UPSTREAM_INVALID');
    expect(await code(reads.claim(wanted, null, pace))).toBe('UPSTREAM_INVALID');
  }, 60_000);
});
