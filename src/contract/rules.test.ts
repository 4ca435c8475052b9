import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RULE_SAMPLES, sampleIssues } from './rule-samples.js';
import { RULE_KEYS, ruleOf, ruleText } from './rules.js';

describe('every rule of the contract has a key', () => {
  const issues = sampleIssues();

  it('each issue names its rule, and its English is that rule’s, with or without the input', () => {
    expect(issues.length).toBeGreaterThan(RULE_KEYS.length);
    for (const issue of issues) {
      const where = `${issue.path.join('.')}: ${issue.message}`;
      expect(ruleOf(issue).key, where).not.toBe('invalid');
      expect(ruleText(ruleOf(issue)), where).toBe(issue.message);
      // what the server and the sandbox see: the issue without its input
      const dropped: Record<string, unknown> = { ...issue };
      delete dropped.input;
      expect(ruleOf(dropped as unknown as typeof issue), where).toEqual(ruleOf(issue));
    }
  });

  it('the samples reach every key: no rule without a case, no key without a rule', () => {
    const reached = new Set(issues.map((i) => ruleOf(i).key));
    expect([...RULE_KEYS].filter((k) => k !== 'invalid' && !reached.has(k))).toEqual([]);
    expect(RULE_SAMPLES.every(([, schema, input]) => !schema.safeParse(input).success)).toBe(true);
  });

  it('names the parameters its copy needs', () => {
    const of = (path: string) =>
      issues
        .map((i) => [i.path.join('.'), ruleOf(i)] as const)
        .filter(([p]) => p === path)
        .map(([, r]) => r);
    expect(of('profile.firstName')).toContainEqual({ key: 'maxChars', params: { max: 100 } });
    expect(of('rentDueDate')).toContainEqual({ key: 'claimStartTooOld', params: { date: '2023-06-01', months: 36 } });
    expect(of('applyDate')).toContainEqual({ key: 'paymentTooLate', params: { date: '2026-07-16', years: 10, days: 31 } });
    expect(of('profile.gender')).toContainEqual({ key: 'oneOf', params: { values: '1, 2' } });
  });

  it('an issue raised outside the contract reads as invalid', () => {
    const outside = z
      .string()
      .refine(() => false, { message: 'made up' })
      .safeParse('x');
    expect(outside.error?.issues.map(ruleOf)).toEqual([{ key: 'invalid', params: {} }]);
    expect(ruleText({ key: 'no-such-rule', params: {} })).toBe('is invalid');
  });
});

describe('limits in the API’s messages', () => {
  it('are written as English writes numbers, grouped from the thousands', () => {
    expect(ruleText({ key: 'minNumber', params: { min: 1000 } })).toBe('must be 1,000 or more');
    expect(ruleText({ key: 'maxNumber', params: { max: 1_000_000 } })).toBe('must be at most 1,000,000');
    expect(ruleText({ key: 'maxNumber', params: { max: 999.99 } })).toBe('must be at most 999.99');
  });
});
