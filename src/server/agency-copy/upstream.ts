import { Readable } from 'node:stream';
import { JSON_TYPE, MAX_JSON_BYTES, readCapped } from '../upstream/answers.js';
import { Upstream, type UpstreamAnswer, type UpstreamOptions, type UpstreamRequest } from '../upstream/client.js';
import type { AgencyCopy, AgencyCopyStore } from './store.js';

/** The partner reads and writes that answer projects: a creation, one project, a page of them. */
const PROJECTS = /^\/v3\/projects(?:\/([0-9A-Fa-f-]{36}))?(?:\?|$)/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const KEEP_ATTEMPTS = 30;
const KEEP_RETRY_MS = 2_000;

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
    private readonly log: { warn: (obj: object, msg: string) => void } = { warn: () => undefined },
  ) {
    super(options);
  }

  /**
   * Keeps the copy of a project the partner has just created. The creation stands whatever
   * happens here: with the database out of reach for a moment (a restart), the copy is tried
   * again every KEEP_RETRY_MS for a minute instead of turning the creation into an error.
   */
  private async keep(projectId: string, copy: AgencyCopy, requestId: string, attempt = 1): Promise<void> {
    await this.copies.keep(projectId, copy, requestId).catch((err: unknown) => {
      this.log.warn({ err, projectId, attempt }, 'could not keep what the agency sent with a new project: trying again');
      if (attempt < KEEP_ATTEMPTS) setTimeout(() => void this.keep(projectId, copy, requestId, attempt + 1), KEEP_RETRY_MS).unref();
    });
  }

  override async request(req: UpstreamRequest): Promise<UpstreamAnswer> {
    const res = await super.request(req);
    const match = PROJECTS.exec(req.path);
    const creation = req.method === 'POST' && match && !match[1] && !req.path.includes('?');
    if (!match || !(creation || req.method === 'GET') || res.status < 200 || res.status >= 300) return res;
    if (!JSON_TYPE.test(res.header('content-type') ?? '')) return res;
    const raw = await readCapped(res, MAX_JSON_BYTES, `${req.method} ${req.path.split('?')[0] ?? ''}`);
    const same = (body: Buffer, json?: unknown): UpstreamAnswer => ({
      status: res.status,
      header: res.header,
      body: Readable.from([body]),
      json,
    });
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      return same(raw); // the check that follows says what is wrong with it
    }
    if (creation && isObject(value) && typeof value.id === 'string' && req.body) {
      const sent = JSON.parse(req.body) as Json;
      const copy = { profile: sent.profile, referent: sent.referent ?? null, metadata: sent.metadata ?? null };
      await this.keep(value.id, copy, req.requestId);
      // the creation's answer is filled from what was sent, not read back
      return same(fill(value, copy) ? Buffer.from(JSON.stringify(value)) : raw, value);
    }
    const projects = isObject(value) && Array.isArray(value.items) ? value.items.filter(isObject) : isObject(value) ? [value] : [];
    const lacking = projects.filter(
      (p) => typeof p.id === 'string' && (p.profile == null || p.metadata == null || p.referent === undefined),
    );
    // the value read here goes along with its bytes: the answer's check does not parse them again
    if (lacking.length === 0) return same(raw, value);
    const copies = await this.copies.many(lacking.map((p) => p.id as string));
    let changed = false;
    for (const p of lacking) changed = fill(p, copies.get((p.id as string).toLowerCase())) || changed;
    return same(changed ? Buffer.from(JSON.stringify(value)) : raw, value);
  }
}
