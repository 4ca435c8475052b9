import { z } from 'zod';
import { formatNumber } from './numbers.js';

/**
 * Every rule a contract schema can refuse a value with: a stable key and the parameters its copy
 * names. The API answers the English written here (`ruleText`); the web renders each language from
 * the key and the parameters (its `validation` catalogue, typed by `RuleKey`, so a rule without copy
 * fails to compile). Zod's own checks (a string's maximum, an e-mail's format) name their rule by
 * their issue (`ruleOf`); the contract's refinements carry theirs in the issue's `params.rule`.
 */
export interface RuleParams {
  /** Anything without a rule of its own (an issue raised outside the contract). */
  invalid: object;
  required: object;
  text: object;
  number: object;
  integer: object;
  oneOf: { values: string };
  maxChars: { max: number };
  maxItems: { max: number };
  minNumber: { min: number };
  maxNumber: { max: number };
  decimals: object;
  nonNegative: object;
  positive: object;
  email: object;
  guid: object;
  controlChars: object;
  siren: object;
  /** A share capital: an amount in euros, 0 or more, written in digits. */
  shareCapital: object;
  countryCode: object;
  phone: object;
  maxKeys: { max: number };
  keyShape: { max: number };
  date: object;
  /** The plausible dates of any body (limits.ts). */
  dateFrom: { date: string };
  dateUntil: { date: string };
  /** The windows around "today", each saying why it exists. */
  claimStartTooOld: { date: string; months: number };
  historyTooOld: { date: string; years: number };
  paymentTooOld: { date: string; years: number; days: number };
  paymentTooLate: { date: string; years: number; days: number };
  /** Money received from the tenant: on or before today (`date`). */
  receivedInFuture: { date: string };
  tooYoung: { date: string; years: number };
  leaseTooLong: { date: string; years: number };
  leaseStartTooLate: { date: string; months: number };
  /** Rules that link fields (spec 2.3, 2.6, 2.10). */
  requiredForPrecarious: object;
  requiredForRetired: object;
  requiredForStudent: object;
  referentStatus: object;
  requiredForAgency: object;
  requiredForSharedRent: object;
  exceedsTotalRent: object;
  requiredForMobility: object;
  mobilityLength: { min: number; max: number };
  afterLeaseStart: object;
  /** A claim's first unpaid month is not before the month its lease starts (`date`: the lease start). */
  beforeLeaseStart: { date: string };
  /** A claim is opened once the lease has started (its first day), never before. */
  leaseNotStarted: { date: string };
  notInPast: object;
  notInFuture: object;
  exceedsRent: object;
  requiredWhenReceived: object;
  emptyWhenNothingReceived: object;
  /** A new password (passwords.ts, NIST SP 800-63B). */
  passwordTooShort: { min: number };
  passwordTooLong: { max: number };
  passwordHasName: object;
  passwordCommon: object;
}
export type RuleKey = keyof RuleParams;
/** A rule with its parameters, as a schema raises it. */
export type Rule = { [K in RuleKey]: { key: K; params: RuleParams[K] } }[RuleKey];

/** The API's English for each rule (the web has its own copy per language). */
const RULE_TEXT: { [K in RuleKey]: (p: RuleParams[K]) => string } = {
  invalid: () => 'is invalid',
  required: () => 'is required',
  text: () => 'must be text',
  number: () => 'must be a number',
  integer: () => 'must be an integer',
  oneOf: (p) => `must be one of ${p.values}`,
  maxChars: (p) => `at most ${p.max} characters`,
  maxItems: (p) => `at most ${p.max} items`,
  minNumber: (p) => `must be ${formatNumber(p.min, 'en')} or more`,
  maxNumber: (p) => `must be at most ${formatNumber(p.max, 'en')}`,
  decimals: () => 'at most two decimals',
  nonNegative: () => 'must be 0 or more',
  positive: () => 'must be greater than 0',
  email: () => 'must be a valid email address',
  guid: () => 'must be a GUID',
  controlChars: () => 'must not contain control characters',
  siren: () => 'must be 9 digits',
  shareCapital: () => 'must be an amount in euros, 0 or more, in digits (e.g. 50000)',
  countryCode: () => 'must be an ISO 3166-1 alpha-2 code such as FR',
  phone: () => 'must be in international E.164 form, e.g. +33612345678',
  maxKeys: (p) => `at most ${p.max} keys`,
  keyShape: (p) => `keys: at most ${p.max} characters, no control characters`,
  date: () => 'must be a valid date written yyyy-MM-dd',
  dateFrom: (p) => `must be on or after ${p.date}`,
  dateUntil: (p) => `must be on or before ${p.date}`,
  claimStartTooOld: (p) => `must be on or after ${p.date}: a claim starts at most ${p.months} months back`,
  historyTooOld: (p) => `must be on or after ${p.date}: at most ${p.years} years back`,
  paymentTooOld: (p) => `must be on or after ${p.date}: from ${p.years} years back to ${p.days} days ahead`,
  paymentTooLate: (p) => `must be on or before ${p.date}: from ${p.years} years back to ${p.days} days ahead`,
  receivedInFuture: (p) => `must be on or before ${p.date}: money cannot be received after today`,
  tooYoung: (p) => `must be on or before ${p.date}: a tenant or referent is at least ${p.years} years old`,
  leaseTooLong: (p) => `must be on or before ${p.date}: a lease lasts at most ${p.years} years`,
  leaseStartTooLate: (p) => `must be on or before ${p.date}: a lease starts at most ${p.months} months ahead`,
  requiredForPrecarious: () => 'is required for fixed-term (CDD) and interim contracts',
  requiredForRetired: () => 'is required for a retired tenant: the pension goes here, not in monthly income',
  requiredForStudent: () => 'is required for a student tenant',
  referentStatus: () => 'a referent cannot be a student or retired',
  requiredForAgency: () => 'is required when the owner is an agency',
  requiredForSharedRent: () => 'is required and must be greater than 0 for a flat-share or a couple',
  exceedsTotalRent: () => 'cannot exceed the total rent',
  requiredForMobility: () => 'is required for a mobility lease',
  mobilityLength: (p) => `a mobility lease lasts ${p.min} to ${p.max} months after the lease start`,
  afterLeaseStart: () => 'must be after the lease start',
  beforeLeaseStart: (p) => `cannot be before the month the lease starts (${p.date})`,
  leaseNotStarted: (p) => `no claim can be opened before the lease starts (${p.date})`,
  notInPast: () => 'cannot be in the past',
  notInFuture: () => 'cannot be in the future',
  exceedsRent: () => 'cannot exceed the rent amount',
  requiredWhenReceived: () => 'is required when part of the rent was received',
  emptyWhenNothingReceived: () => 'must be empty when nothing was received',
  passwordTooShort: (p) => `at least ${p.min} characters (a few words in a row are easy to remember)`,
  passwordTooLong: (p) => `at most ${p.max} characters`,
  passwordHasName: () => 'must not contain your name or your e-mail address',
  passwordCommon: () => 'is too common (found in lists of leaked or frequent passwords): choose another',
};

export const RULE_KEYS = Object.keys(RULE_TEXT) as [RuleKey, ...RuleKey[]];
export const isRuleKey = (key: unknown): key is RuleKey => typeof key === 'string' && Object.hasOwn(RULE_TEXT, key);

/** A rule as it travels: in an issue's params, in the API's error details. */
export const RuleRefSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RuleRef = z.infer<typeof RuleRefSchema>;

/** The API's English for a rule (a key it does not know reads as "is invalid"). */
export function ruleText(rule: RuleRef): string {
  const render = RULE_TEXT[isRuleKey(rule.key) ? rule.key : 'invalid'] as (p: RuleRef['params']) => string;
  return render(rule.params);
}

/**
 * What a refinement raises: the English message and the rule in its params (with `extra` params,
 * e.g. the spec's E-code of the rule). `rule('maxNumber', { max: 100 })`.
 */
export function rule<K extends RuleKey>(
  key: K,
  ...[params, extra]: object extends RuleParams[K] ? [RuleParams[K]?, Record<string, unknown>?] : [RuleParams[K], Record<string, unknown>?]
): RuleIssue {
  return ruleIssue({ key, params: params ?? {} } as Rule, extra);
}

export interface RuleIssue {
  message: string;
  params: Record<string, unknown>;
}

/** `rule`, for a rule already built (a date window's bound). */
export function ruleIssue(r: Rule, extra?: Record<string, unknown>): RuleIssue {
  const ref: RuleRef = { key: r.key, params: { ...r.params } as RuleRef['params'] };
  return { message: ruleText(ref), params: { ...extra, rule: ref } };
}

/** Patterns of the contract's formats: a regex issue names its rule by its pattern. */
export const PATTERNS = {
  siren: /^\d{9}$/,
  shareCapital: /^\d[\d \u00a0\u202f]*([.,]\d{1,2})?\s*€?$/,
  countryCode: /^[A-Z]{2}$/,
  phone: /^\+[1-9]\d{6,14}$/,
} as const satisfies Partial<Record<RuleKey, RegExp>>;

type AnyIssue = z.core.$ZodIssue | z.core.$ZodRawIssue;

const num = (v: unknown): number => Number(v);

/**
 * The rule of any zod issue: the one a refinement carries, or the one a zod check stands for. A
 * missing value is "required", a value of the wrong type names the type expected: the input says
 * which while parsing (and afterwards with `reportInput`); once it is dropped, the message does
 * (the contract's checks write it from the rule, `ruleError`).
 */
export function ruleOf(issue: AnyIssue): RuleRef {
  const i = issue as unknown as Record<string, unknown>;
  const missing = 'input' in i ? i.input === undefined || i.input === null : i.message === RULE_TEXT.required({});
  switch (i.code) {
    case 'custom': {
      const carried = (i.params as { rule?: unknown } | undefined)?.rule;
      const parsed = RuleRefSchema.safeParse(carried);
      return parsed.success && isRuleKey(parsed.data.key) ? parsed.data : { key: 'invalid', params: {} };
    }
    case 'invalid_type':
      if (missing) return { key: 'required', params: {} };
      if (i.expected === 'string') return { key: 'text', params: {} };
      if (i.expected === 'number') return { key: 'number', params: {} };
      if (i.expected === 'int') return { key: 'integer', params: {} };
      return { key: 'invalid', params: {} };
    case 'invalid_value':
      if (missing) return { key: 'required', params: {} };
      return { key: 'oneOf', params: { values: (Array.isArray(i.values) ? i.values : []).map(String).join(', ') } };
    case 'too_big':
      if (i.origin === 'string') return { key: 'maxChars', params: { max: num(i.maximum) } };
      if (i.origin === 'array' || i.origin === 'set') return { key: 'maxItems', params: { max: num(i.maximum) } };
      return { key: 'maxNumber', params: { max: num(i.maximum) } };
    case 'too_small':
      if (i.origin === 'string' && num(i.minimum) <= 1) return { key: 'required', params: {} };
      return { key: 'minNumber', params: { min: num(i.minimum) } };
    case 'invalid_format': {
      if (i.format === 'email') return { key: 'email', params: {} };
      if (i.format === 'guid' || i.format === 'uuid') return { key: 'guid', params: {} };
      const pattern = Object.entries(PATTERNS).find(([, re]) => String(re) === i.pattern);
      return { key: pattern ? (pattern[0] as RuleKey) : 'invalid', params: {} };
    }
    default:
      return { key: 'invalid', params: {} };
  }
}

/** The error of a zod check: the English of its rule (`z.email({ error: ruleError })`). */
export const ruleError = (issue: z.core.$ZodRawIssue): string => ruleText(ruleOf(issue));

/**
 * When a rule across fields runs: once the fields it reads (dotted paths) parsed, whatever else
 * failed. By default zod skips an object's refinements after any field's type error (an empty
 * required field), so a form told those first and the cross-field ones at a second submit.
 */
export function whenParsed(...fields: string[]): { when: (payload: z.core.ParsePayload) => boolean } {
  const touches = (path: string) => fields.some((f) => path === f || path.startsWith(`${f}.`) || f.startsWith(`${path}.`));
  return {
    // an issue on the object itself (not an object at all) leaves nothing to read
    when: (payload) => payload.issues.every((i) => i.path !== undefined && i.path.length > 0 && !touches(i.path.join('.'))),
  };
}
