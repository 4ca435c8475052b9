import { describe, expect, it } from 'vitest';
import { affectedKeys } from './affected-keys.js';

const event = (type: string, data: Record<string, unknown>) => ({ seq: 1, id: 'e', type, createdAt: '', receivedAt: '', data });

describe('affectedKeys', () => {
  it('refreshes the inbox, the project and the project lists on a project event', () => {
    expect(affectedKeys(event('project.updated', { projectId: 'p1' }))).toEqual([
      ['events'],
      ['inbox'],
      ['projects', 'list'],
      ['projects', 'detail', 'p1'],
    ]);
  });
  it('refreshes the inbox, the claim and the claim lists on claim and rental-debt events, not the projects', () => {
    expect(affectedKeys(event('rental_debt.receipt.signed', { claimId: 'c1' }))).toEqual([
      ['events'],
      ['inbox'],
      ['claims', 'list'],
      ['claims', 'detail', 'c1'],
    ]);
  });
  it("refreshes the project of a new claim (its page lists the project's claims)", () => {
    expect(affectedKeys(event('claim.created', { claimId: 'c1', projectId: 'p1' }))).toContainEqual(['projects', 'detail', 'p1']);
  });
});
