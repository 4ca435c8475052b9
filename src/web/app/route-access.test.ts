import { describe, expect, it } from 'vitest';
import { mayOpen } from './route-access.js';

describe('mayOpen', () => {
  it('keeps the manager pages to managers and project creation from intermediaries', () => {
    expect(mayOpen('manager', '/stats')).toBe(true);
    expect(mayOpen('intermediary', '/stats')).toBe(false);
    expect(mayOpen('staff', '/events?x=1')).toBe(false);
    expect(mayOpen('staff', '/settings')).toBe(false);
    expect(mayOpen('intermediary', '/projects/new')).toBe(false);
    expect(mayOpen('staff', '/projects/new')).toBe(true);
  });

  it('lets every role open the other pages', () => {
    for (const role of ['manager', 'staff', 'intermediary'] as const) {
      expect(mayOpen(role, '/')).toBe(true);
      expect(mayOpen(role, '/claims?status=30')).toBe(true);
      expect(mayOpen(role, '/projects/2b7e1f40-8c3a-4d5e-9f6a-1b2c3d4e5f60')).toBe(true);
      expect(mayOpen(role, '/statsx')).toBe(true);
    }
  });
});
