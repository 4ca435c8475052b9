// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeClaimCreateBodySchema, makePaymentBodySchema } from '../../contract/claims.js';
import { makeProjectCreateBodySchema } from '../../contract/projects.js';
import { sampleIssues } from '../../contract/rule-samples.js';
import { RULE_KEYS, ruleOf } from '../../contract/rules.js';
import { LANGS } from './i18n.js';
import { REQUIRED, encodeRule, isRequiredRule, ruleMessage, validationMessage } from './validation-messages.js';

const phone = { phoneContryCode: 'FR', phoneFormated: '+33612345678' };
type Parsed = { success: boolean; error?: { issues: Parameters<typeof ruleOf>[0][] } };
/** What a form shows for the first issue at `path`, in each language. */
const shown = (r: Parsed, path: string) => {
  const issue = r.error?.issues.find((i) => i.path?.join('.') === path);
  if (!issue) throw new Error(`no issue at ${path}`);
  return LANGS.map((lang) => ruleMessage(ruleOf(issue), lang));
};

describe('the contract’s rules, as the forms show them', () => {
  it('names the limit in French and in English, formatted for the language', () => {
    const claim = makeClaimCreateBodySchema('2026-06-15').safeParse({
      rentAmount: 1e15,
      rentAmountReceived: 0,
      rentDueDate: '0100-01-05',
      legalInfo: { firstName: 'A'.repeat(101), lastName: 'B', email: 'a@b.fr', phone },
      mainOwnerEmail: 'o@p.fr',
    });
    expect(shown(claim, 'rentAmount')).toEqual(['Doit être inférieur ou égal à 1\u202f000\u202f000.', 'Must be at most 1,000,000.']);
    expect(shown(claim, 'rentDueDate')[0]).toBe('Doit être le 1er janvier 1900 ou après.');
    expect(shown(claim, 'legalInfo.firstName')).toEqual(['100 caractères au plus.', 'At most 100 characters.']);
    const old = makeClaimCreateBodySchema('2026-06-15').safeParse({
      rentAmount: 700,
      rentAmountReceived: 0,
      rentDueDate: '2023-05-05',
      legalInfo: { firstName: 'A', lastName: 'B', email: 'a@b.fr', phone },
      mainOwnerEmail: 'o@p.fr',
    });
    expect(shown(old, 'rentDueDate')).toEqual([
      'Doit être le 1er juin 2023 ou après : un sinistre remonte à 36 mois au plus.',
      'Must be on or after 1 June 2023: a claim starts at most 36 months back.',
    ]);
  });

  it('renders the birth date, payment date and control-character rules', () => {
    const profile = { gender: 1, firstName: 'A\u0000', lastName: 'B', email: 'a@b.fr', dateOfBirth: '2010-01-01', phone };
    const project = makeProjectCreateBodySchema('2026-06-15').safeParse({ profile, finance: { status: 4, monthlyIncome: 3000 } });
    expect(shown(project, 'profile.dateOfBirth')[0]).toBe(
      'Doit être le 15 juin 2008 ou avant : le locataire et le garant ont au moins 18 ans.',
    );
    expect(shown(project, 'profile.firstName')[0]).toBe('Ne doit pas contenir de caractères de contrôle.');
    const pay = makePaymentBodySchema('2026-06-15').safeParse({ amount: 10, applyDate: '2026-08-01' });
    expect(shown(pay, 'applyDate')[1]).toBe('Must be on or before 16 July 2026: from 10 years back to 31 days ahead.');
  });

  it('has copy for every rule the contract can raise, in both languages, with its parameters filled in', () => {
    const rules = sampleIssues().map(ruleOf);
    expect(new Set(rules.map((r) => r.key)).size).toBe(RULE_KEYS.length - 1); // all but "invalid"
    for (const rule of [...rules, { key: 'invalid', params: {} }])
      for (const lang of LANGS) {
        const text = ruleMessage(rule, lang);
        expect(text, `${rule.key} (${lang})`).toMatch(/^[\p{Lu}\d].*\.$/u);
        expect(text, `${rule.key} (${lang})`).not.toMatch(/\{\{|validation\.|\d{4}-\d{2}-\d{2}|undefined/);
      }
    // a rule key the web does not know reads as invalid, not as a raw key
    expect(ruleMessage({ key: 'fromAFutureServer', params: {} }, 'fr')).toBe('Valeur manquante ou invalide.');
  });

  it('keeps a rule in a field error and renders it when shown, in the language of the moment', () => {
    const message = encodeRule({ key: 'maxChars', params: { max: 100 } });
    expect(validationMessage(message, 'fr')).toBe('100 caractères au plus.');
    expect(validationMessage(message, 'en')).toBe('At most 100 characters.');
    // copy the web wrote itself (already in the UI language) is shown as it is
    expect(validationMessage('Le loyer maximum garanti ne couvre pas 900 €.', 'fr')).toBe('Le loyer maximum garanti ne couvre pas 900 €.');
    expect(validationMessage(REQUIRED, 'en')).toBe('Required.');
    expect([REQUIRED, encodeRule({ key: 'requiredForStudent', params: {} })].map(isRequiredRule)).toEqual([true, true]);
    expect(isRequiredRule(encodeRule({ key: 'email', params: {} }))).toBe(false);
  });
});
