import { beforeEach, describe, expect, it } from 'vitest';
import { clearDrafts, readDraft, removeDraft, saveDraft } from './drafts.js';

describe('drafts', () => {
  beforeEach(() => sessionStorage.clear());

  it('belong to one user: another user of the browser does not read them', () => {
    saveDraft('project-new', 'staff@demo-agency.fr', { firstName: 'Léa' });
    expect(readDraft('project-new', 'STAFF@demo-agency.fr')).toEqual({ firstName: 'Léa' });
    expect(readDraft('project-new', 'manager@demo-agency.fr')).toBeUndefined();
  });

  it('are all erased at sign-out, and only other users’ at sign-in; older unkeyed drafts too', () => {
    saveDraft('project-new', 'staff@demo-agency.fr', { a: 1 });
    saveDraft('rent:1', 'manager@demo-agency.fr', { b: 2 });
    sessionStorage.setItem('draft:project-new', '{"old":true}');
    sessionStorage.setItem('pd.other', 'kept');
    clearDrafts('manager@demo-agency.fr');
    expect(readDraft('project-new', 'staff@demo-agency.fr')).toBeUndefined();
    expect(readDraft('rent:1', 'manager@demo-agency.fr')).toEqual({ b: 2 });
    expect(sessionStorage.getItem('draft:project-new')).toBeNull();
    clearDrafts();
    expect(readDraft('rent:1', 'manager@demo-agency.fr')).toBeUndefined();
    expect(sessionStorage.getItem('pd.other')).toBe('kept');
  });

  it('can be removed one at a time; a broken one reads as none', () => {
    saveDraft('project-new', 'staff@demo-agency.fr', { a: 1 });
    removeDraft('project-new', 'staff@demo-agency.fr');
    expect(readDraft('project-new', 'staff@demo-agency.fr')).toBeUndefined();
    sessionStorage.setItem('pd.draft:staff@demo-agency.fr:x', '{not json');
    expect(readDraft('x', 'staff@demo-agency.fr')).toBeUndefined();
  });
});
