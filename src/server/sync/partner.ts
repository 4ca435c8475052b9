import { z } from 'zod';
import { ClaimListSchema, RentalDebtSchema, type Claim } from '../../contract/claims.js';
import { claimAwaitsDocuments } from '../../contract/lifecycle.js';
import { projectTakesDocuments } from '../../contract/lifecycle.js';
import { ProjectListSchema, ProjectSchema, RequiredDocumentSchema, type Project } from '../../contract/projects.js';
import { HttpError } from '../http-error.js';
import type { Upstream } from '../upstream/client.js';
import { PAGE_SIZE, findInPages, walkPages } from '../upstream/pages.js';
import { readJson } from '../upstream/read.js';
import type { ClaimSnapshot, ProjectSnapshot } from './rows.js';

/** Before each partner call: waits for (or spends) a token of the budget and counts it. */
export type Pace = () => Promise<void>;

/** The partner's codes for "no such thing for this organization": the read model forgets it. */
const GONE = new Set(['E0040', 'E0177', 'E0015']);

function isGone(err: unknown): boolean {
  const code = err instanceof HttpError ? err.log?.upstreamCode : undefined;
  return typeof code === 'string' && GONE.has(code);
}

const sameId = (id: string) => (c: Claim) => c.id.toLowerCase() === id.toLowerCase();

/**
 * The partner reads the sync makes: a project by id, a claim (the partner has no claim by id: the
 * claims of its project, then its months and, before apply, its required documents), and pages
 * of both lists. Always the partner's answer, checked against the contract; never a webhook's payload.
 */
export class PartnerReads {
  constructor(
    private readonly upstream: Upstream,
    private readonly requestId = 'sync',
    private readonly now: () => number = Date.now,
  ) {}

  private async read<T>(pace: Pace, path: string, schema: z.ZodType<T>): Promise<T> {
    await pace();
    return readJson(this.upstream, path, this.requestId, schema);
  }

  /** A project by id, or as a list gave it (`listed`, read at `readAt`) with what it lacks. */
  async project(id: string, pace: Pace, listed?: { project: Project; readAt: number }): Promise<ProjectSnapshot> {
    const readAt = listed?.readAt ?? this.now();
    let project: Project;
    try {
      project = listed?.project ?? (await this.read(pace, `/v3/projects/${id}`, ProjectSchema));
    } catch (err) {
      if (isGone(err)) return { id, readAt, project: null };
      throw err;
    }
    const required = projectTakesDocuments(project.status)
      ? await this.read(pace, `/v3/projects/${project.id}/required`, z.array(RequiredDocumentSchema))
      : null;
    return { id: project.id, readAt, project, required };
  }

  /** The claim as its project's claims list gives it (null: the partner does not list it there). */
  findClaim(id: string, projectId: string, pace: Pace): Promise<Claim | null> {
    const q = new URLSearchParams({ projectId, pageSize: String(PAGE_SIZE) });
    const page = (n: number) => {
      q.set('page', String(n));
      return this.read(pace, `/v1/claims?${q.toString()}`, ClaimListSchema);
    };
    return findInPages(page, sameId(id));
  }

  /** Looks for a claim whose project is not known here (an event of a claim made elsewhere, no project named): the whole list. */
  searchClaim(id: string, pace: Pace): Promise<Claim | null> {
    return findInPages((n) => this.claimsPage(n, pace), sameId(id));
  }

  /** A claim's months and required documents, once the claim itself is known (read at `readAt`). */
  async claimDetail(claim: Claim, readAt: number, pace: Pace): Promise<ClaimSnapshot> {
    try {
      const debts = await this.read(pace, `/v1/claims/${claim.id}/rentaldebts`, z.array(RentalDebtSchema));
      const required = claimAwaitsDocuments(claim.status)
        ? await this.read(pace, `/v1/claims/${claim.id}/documents/required`, z.array(RequiredDocumentSchema))
        : null;
      return { id: claim.id, readAt, claim, debts, required };
    } catch (err) {
      if (isGone(err)) return { id: claim.id, readAt, claim: null };
      throw err;
    }
  }

  async claim(id: string, projectId: string | null, pace: Pace): Promise<ClaimSnapshot> {
    const readAt = this.now();
    const claim = projectId ? await this.findClaim(id, projectId, pace) : await this.searchClaim(id, pace);
    return claim ? this.claimDetail(claim, readAt, pace) : { id, readAt, claim: null };
  }

  projectsPage(page: number, pace: Pace) {
    return this.read(pace, `/v3/projects?page=${page}&pageSize=${PAGE_SIZE}`, ProjectListSchema);
  }

  claimsPage(page: number, pace: Pace) {
    return this.read(pace, `/v1/claims?page=${page}&pageSize=${PAGE_SIZE}`, ClaimListSchema);
  }

  /**
   * The projects list, page by page from `from` (each page read when the caller asks for it), each
   * with when its read started: what a page gives is written as read then, never over a later read.
   */
  projectPages(pace: Pace, from = 1) {
    return walkPages(async (n) => {
      const readAt = this.now();
      return { ...(await this.projectsPage(n, pace)), readAt };
    }, from);
  }

  /** The claims list, page by page from `from`, each with when its read started. */
  claimPages(pace: Pace, from = 1) {
    return walkPages(async (n) => {
      const readAt = this.now();
      return { ...(await this.claimsPage(n, pace)), readAt };
    }, from);
  }
}
