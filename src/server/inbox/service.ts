import pLimit, { type LimitFunction } from 'p-limit';
import { z } from 'zod';
import { ClaimListSchema, RentalDebtSchema, type Claim } from '../../contract/claims.js';
import { claimAwaitsDocuments, isClaimOpen, projectTakesDocuments } from '../../contract/lifecycle.js';
import type { InboxLine } from '../../contract/inbox.js';
import { ProjectListSchema, RequiredDocumentSchema, type Project, type RequiredDocument } from '../../contract/projects.js';
import type { Operation } from '../../contract/paths.js';
import type { PartnerEvent, Role } from '../../contract/session.js';
import type { Upstream } from '../upstream/client.js';
import { readAll, readJson } from '../upstream/read.js';
import type { TodayProvider } from '../upstream/today.js';
import { Memo } from './memo.js';
import { INBOX_PROJECT_STATUSES, claimLine, projectLine, summarizeDebts, type DebtSummary } from './rules.js';

/** What the inbox keeps of a claim: a summary of its months (never the months themselves) and its required documents. */
interface ClaimDetail {
  debts: DebtSummary;
  required: RequiredDocument[] | null;
}

/** Everything that awaits a role, before filters and pages (see select.ts). */
export interface GatheredInbox {
  generatedAt: string;
  today: string;
  lines: InboxLine[];
}

/**
 * Gathers the work inbox from the partner API: the claims list and, per open claim, its months
 * and (before apply) its required documents; the projects in the statuses that await the agency
 * and, for those gathering documents, their required documents. Reads run 16 at a time, are fresh
 * for 30 s and then re-read in the background while still answered (see Memo); a webhook event or
 * a change made through this server forgets what it touched, so the next inbox reads it again.
 */
export class InboxService {
  private readonly claimList: Memo<Claim[]>;
  private readonly projectList: Memo<Project[]>;
  private readonly claims: Memo<ClaimDetail>;
  private readonly required: Memo<RequiredDocument[]>;

  constructor(
    private readonly upstream: Upstream,
    private readonly today: TodayProvider,
    ttlMs = 30_000,
  ) {
    this.claimList = new Memo(ttlMs);
    this.projectList = new Memo(ttlMs);
    this.claims = new Memo(ttlMs);
    this.required = new Memo(ttlMs);
  }

  async gather(role: Role, requestId: string): Promise<GatheredInbox> {
    const [today, now] = await Promise.all([this.today.today(requestId), this.today.now(requestId)]);
    const limit = pLimit(16);
    const [claims, projects] = await Promise.all([
      this.claimLines(today, requestId, limit),
      role === 'intermediary' ? Promise.resolve([]) : this.projectLines(today, requestId, limit),
    ]);
    return { generatedAt: now.toISOString(), today, lines: [...claims, ...projects] };
  }

  private async claimLines(today: string, requestId: string, limit: LimitFunction): Promise<InboxLine[]> {
    const all = await this.claimList.get('all', () =>
      readAll(this.upstream, '/v1/claims', new URLSearchParams(), requestId, ClaimListSchema),
    );
    const open = all.filter((c) => isClaimOpen(c.status));
    const details = await Promise.all(
      open.map((c) => limit(() => this.claims.get(`${c.id}:${today}`, () => this.claimDetail(c, today, requestId)))),
    );
    return open.flatMap((c, i) => {
      const d = details[i];
      return (d && claimLine(c, d.debts, d.required, today)) ?? [];
    });
  }

  private async claimDetail(c: Claim, today: string, requestId: string): Promise<ClaimDetail> {
    const [debts, required] = await Promise.all([
      readJson(this.upstream, `/v1/claims/${c.id}/rentaldebts`, requestId, z.array(RentalDebtSchema)),
      claimAwaitsDocuments(c.status)
        ? readJson(this.upstream, `/v1/claims/${c.id}/documents/required`, requestId, z.array(RequiredDocumentSchema))
        : Promise.resolve(null),
    ]);
    return { debts: summarizeDebts(debts, today, c.rentDueDate), required };
  }

  private async projectLines(today: string, requestId: string, limit: LimitFunction): Promise<InboxLine[]> {
    const query = new URLSearchParams(INBOX_PROJECT_STATUSES.map((s) => ['status', String(s)]));
    const projects = await this.projectList.get('all', () => readAll(this.upstream, '/v3/projects', query, requestId, ProjectListSchema));
    const required = await Promise.all(
      projects.map((p) =>
        projectTakesDocuments(p.status)
          ? limit(() =>
              this.required.get(p.id, () =>
                readJson(this.upstream, `/v3/projects/${p.id}/required`, requestId, z.array(RequiredDocumentSchema)),
              ),
            )
          : Promise.resolve(null),
      ),
    );
    return projects.flatMap((p, i) => projectLine(p, required[i] ?? null, today) ?? []);
  }

  /** A partner event: forget what it names (the claim, the project) and the list it belongs to. */
  onEvent(e: PartnerEvent): void {
    const claimId = typeof e.data.claimId === 'string' ? e.data.claimId : null;
    const projectId = typeof e.data.projectId === 'string' ? e.data.projectId : null;
    if (e.type.startsWith('project.')) this.forgetProject(projectId);
    else this.forgetClaim(claimId);
  }

  /**
   * One of the spec's operations the partner accepted through this server, told by the proxy with
   * its path parameters once the answer is a success: forget what it touched. A read changes nothing.
   */
  onWrite(op: Pick<Operation, 'id' | 'method' | 'area'>, params: readonly string[]): void {
    if (op.method === 'GET') return;
    const id = params[0] ?? null;
    if (op.id === 'createClaim')
      this.claimList.clear(); // a new claim (its param is the project)
    else if (op.area === 'claims') this.forgetClaim(id);
    else this.forgetProject(id);
  }

  /** A back-office step the sandbox accepted: on a claim or a project, or everything (the clock moved, a reset). */
  onBackOfficeWrite(area: 'claims' | 'projects' | 'everything', id: string | null): void {
    if (area === 'claims') this.forgetClaim(id);
    else if (area === 'projects') this.forgetProject(id);
    else this.forgetAll();
  }

  private forgetClaim(id: string | null): void {
    this.claimList.clear();
    this.claims.clear(id ? `${id}:` : ''); // keys are claim:today: this claim under every day
  }

  private forgetProject(id: string | null): void {
    this.projectList.clear();
    if (id) this.required.delete(id);
    else this.required.clear();
  }

  forgetAll(): void {
    this.claimList.clear();
    this.projectList.clear();
    this.claims.clear();
    this.required.clear();
  }
}
