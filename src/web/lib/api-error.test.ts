import { describe, expect, it } from 'vitest';
import { ApiError, retryHelps } from './api-error.js';

describe('whether an error offers to try again', () => {
  it('not for a refusal that would come again: a role, a missing project, a rule', () => {
    expect(retryHelps(new ApiError(403, 'FORBIDDEN_ROLE', 'r1'))).toBe(false);
    expect(retryHelps(new ApiError(404, 'E0040', 'r2'))).toBe(false);
    expect(retryHelps(new ApiError(400, 'INVALID_REQUEST', 'r3'))).toBe(false);
  });

  it('for a network failure, a 5xx, a code the catalogue calls retryable, or an error of another kind', () => {
    expect(retryHelps(new ApiError(0, 'NETWORK', null))).toBe(true);
    expect(retryHelps(new ApiError(502, 'UPSTREAM_UNAVAILABLE', 'r4'))).toBe(true);
    expect(retryHelps(new ApiError(429, 'RATE_LIMITED', 'r5'))).toBe(true);
    expect(retryHelps(new Error('boom'))).toBe(true);
  });
});
