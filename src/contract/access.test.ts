import { describe, expect, it } from 'vitest';
import { ACTIONS, may, mayOpen, operationAction, operationProject, queueHasProjects } from './access.js';
import { OPERATIONS } from './paths.js';
import { ROLES } from './session.js';

const op = (id: string) => {
  const found = OPERATIONS.find((o) => o.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('may', () => {
  it('gives managers everything, staff all but the organization’s pages, intermediaries claims and reading', () => {
    const table = Object.fromEntries(ROLES.map((role) => [role, ACTIONS.filter((a) => may(role, a))]));
    expect(table).toEqual({
      manager: ACTIONS,
      staff: ['project.read', 'project.readAll', 'project.change', 'claim.run', 'file.assign', 'backoffice.use', 'round.remind'],
      intermediary: ['project.read', 'claim.run'],
    });
  });

  it('asks of a forwarded operation what it does: claims are run, projects read (by id: the scope) or changed, the statistics read', () => {
    expect(operationAction(op('addRentalDebt'))).toBe('claim.run');
    expect(operationAction(op('createClaim'))).toBe('claim.run');
    expect(operationAction(op('getProject'))).toBe('project.read');
    expect(operationAction(op('getScore'))).toBe('project.change');
    expect(operationAction(op('deleteProjectDocument'))).toBe('project.change');
    expect(operationAction(op('getOrganizationStats'))).toBe('stats.read');
    expect(operationProject(op('getCertificate'), ['p1'])).toBe('p1');
    expect(operationProject(op('listProjects'), [])).toBeNull();
    expect(operationProject(op('listRentalDebts'), ['c1'])).toBeNull();
  });

  it('gives the work queue project lines to those who change projects', () => {
    expect(ROLES.filter(queueHasProjects)).toEqual(['manager', 'staff']);
  });
});

describe('mayOpen', () => {
  it('keeps the organization’s pages to managers and project creation from intermediaries', () => {
    expect(mayOpen('manager', '/stats')).toBe(true);
    expect(mayOpen('intermediary', '/stats')).toBe(false);
    expect(mayOpen('staff', '/events?x=1')).toBe(false);
    expect(mayOpen('staff', '/settings')).toBe(false);
    expect(mayOpen('staff', '/team')).toBe(false);
    expect(mayOpen('intermediary', '/projects/new')).toBe(false);
    expect(mayOpen('staff', '/projects/new')).toBe(true);
  });

  it('keeps the audit trail to managers, as the server does (a sign-in by staff asked for it lands on the work queue)', () => {
    expect(mayOpen('manager', '/audit?operation=signIn')).toBe(true);
    expect(mayOpen('staff', '/audit')).toBe(false);
    expect(mayOpen('intermediary', '/audit?operation=signIn')).toBe(false);
  });

  it('lets every role open the other pages', () => {
    for (const role of ROLES) {
      expect(mayOpen(role, '/')).toBe(true);
      expect(mayOpen(role, '/claims?status=30')).toBe(true);
      expect(mayOpen(role, '/projects/2b7e1f40-8c3a-4d5e-9f6a-1b2c3d4e5f60')).toBe(true);
      expect(mayOpen(role, '/statsx')).toBe(true);
    }
  });
});
