import { Readable } from 'node:stream';
import { JSON_TYPE, MAX_JSON_BYTES, readCapped } from '../upstream/answers.js';
import { Upstream, type UpstreamAnswer, type UpstreamOptions, type UpstreamRequest } from '../upstream/client.js';
import type { AgencyCopy, AgencyCopyStore } from './store.js';

/** The partner reads and writes that answer projects: a creation, one project, a page of them. */
const PROJECTS = /^\/v3\/projects(?:\/([0-9A-Fa-f-]{36}))?(?:\?|$)/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fills what a project answer lacks from what the agency sent; never replaces what the partner said. */
function fill(project: Json, copy: AgencyCopy | undefined): boolean {
  let changed = false;
  if (copy && (project.profile === undefined || project.profile === null)) {
    project.profile = copy.profile;
    changed = true;
  }
  if (copy && project.referent === undefined) {
    project.referent = copy.referent ?? null;
    changed = true;
  }
  if (project.metadata === undefined || project.metadata === null) {
    project.metadata = copy?.metadata ?? {};
    changed = true;
  }
  return changed;
}

/**
 * The partner client, plus what the agency sent: the spec's project answer (2.8) has no
 * profile nor metadata, and the spec does not show what a project read answers. So a creation made
 * through the dashboard keeps what it sent (the tenant's and referent's profiles, the metadata
 * with the agency's reference), and every project answer that lacks them gets them back from
 * here, before it is checked and used: the pages, the lists, the exports, the search and the work
 * queue all see the same project. What the partner answers always wins; without a copy (a project
 * created elsewhere) an answer without a profile stays one, and is refused as the contract says.
 */
export class AgencyCopyUpstream extends Upstream {
  constructor(
    options: UpstreamOptions,
    private readonly copies: AgencyCopyStore,
  ) {
    super(options);
  }

  override async request(req: UpstreamRequest): Promise<UpstreamAnswer> {
    const res = await super.request(req);
    const match = PROJECTS.exec(req.path);
    const creation = req.method === 'POST' && match && !match[1] && !req.path.includes('?');
    if (!match || !(creation || req.method === 'GET') || res.status < 200 || res.status >= 300) return res;
    if (!JSON_TYPE.test(res.header('content-type') ?? '')) return res;
    const raw = await readCapped(res, MAX_JSON_BYTES, `${req.method} ${req.path.split('?')[0] ?? ''}`);
    const same = (body: Buffer): UpstreamAnswer => ({ status: res.status, header: res.header, body: Readable.from([body]) });
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      return same(raw); // the check that follows says what is wrong with it
    }
    if (creation && isObject(value) && typeof value.id === 'string' && req.body) {
      const sent = JSON.parse(req.body) as Json;
      await this.copies.keep(
        value.id,
        { profile: sent.profile, referent: sent.referent ?? null, metadata: sent.metadata ?? null },
        req.requestId,
      );
    }
    const projects = isObject(value) && Array.isArray(value.items) ? value.items.filter(isObject) : isObject(value) ? [value] : [];
    const lacking = projects.filter(
      (p) => typeof p.id === 'string' && (p.profile == null || p.metadata == null || p.referent === undefined),
    );
    if (lacking.length === 0) return same(raw);
    const copies = await this.copies.many(lacking.map((p) => p.id as string));
    let changed = false;
    for (const p of lacking) changed = fill(p, copies.get((p.id as string).toLowerCase())) || changed;
    return same(changed ? Buffer.from(JSON.stringify(value)) : raw);
  }
}
