import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('SYNC_LEASE_SECONDS', () => {
  it('is 30 s unless set, and is read in seconds', () => {
    expect(loadConfig({}).syncLeaseMs).toBe(30_000);
    expect(loadConfig({ SYNC_LEASE_SECONDS: '90' }).syncLeaseMs).toBe(90_000);
  });

  it('refuses a lease too short to renew, too long to wait for, or not a number, and names the variable', () => {
    for (const bad of ['0', '4', '601', '-30', '1e300', 'soon', '7.5'])
      expect(() => loadConfig({ SYNC_LEASE_SECONDS: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ SYNC_LEASE_SECONDS: '4' })).toThrow(/SYNC_LEASE_SECONDS/);
  });
});
