import { z } from 'zod';
import { rule, ruleError, type RuleKey } from './rules.js';

/**
 * Every password set from now on (invitation, reset link, My account) follows NIST SP 800-63B
 * (password as the only factor): at least PASSWORD_MIN characters, up to PASSWORD_MAX, any Unicode
 * normalised with NFKC (the same password typed on any keyboard is the same password), no
 * composition rules, no forced rotation; refused when it contains the user's name or e-mail local
 * part, or when it is common (dictionaries shipped with the product, checked offline: the caller
 * passes `isCommon`, see the web's and the server's common-passwords module). The browser shows the
 * same refusal while typing; the server checks again.
 */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 256;

export const normalizePassword = (password: string): string => password.normalize('NFKC');

/** Characters as people count them (code points, after NFKC), not UTF-16 units. */
const length = (s: string): number => [...s].length;

export interface PasswordContext {
  /** The user's name and e-mail: a password containing either (or a word of the name) is refused. */
  name?: string;
  email?: string;
  /** Whether the NFKC-normalised password is common or guessable (dictionaries; absent: not checked). */
  isCommon?: (normalized: string) => boolean;
}

const fold = (s: string) => s.normalize('NFKC').toLocaleLowerCase('fr');

/** The words a password must not contain: the name's words and the e-mail's local part (3 characters or more). */
export function personalWords(ctx: PasswordContext): string[] {
  const words = (ctx.name ?? '').split(/[\s'’.,-]+/);
  const local = (ctx.email ?? '').split('@')[0] ?? '';
  return [...words, local, ...local.split(/[._+-]+/)].map(fold).filter((w) => length(w) >= 3);
}

/** The first rule a new password breaks (null: accepted). */
export function passwordProblem(password: string, ctx: PasswordContext): Extract<RuleKey, `password${string}`> | null {
  const p = normalizePassword(password);
  if (length(p) < PASSWORD_MIN) return 'passwordTooShort';
  if (length(p) > PASSWORD_MAX) return 'passwordTooLong';
  const folded = fold(p);
  if (personalWords(ctx).some((w) => folded.includes(w))) return 'passwordHasName';
  if (ctx.isCommon?.(p)) return 'passwordCommon';
  return null;
}

/** A new password's schema, for the user `ctx` names: the form's and the server's. */
export function newPasswordSchema(ctx: PasswordContext) {
  return z.string({ error: ruleError }).superRefine((value, issue) => {
    const problem = passwordProblem(value, ctx);
    if (problem === 'passwordTooShort') issue.addIssue({ code: 'custom', ...rule('passwordTooShort', { min: PASSWORD_MIN }) });
    else if (problem === 'passwordTooLong') issue.addIssue({ code: 'custom', ...rule('passwordTooLong', { max: PASSWORD_MAX }) });
    else if (problem) issue.addIssue({ code: 'custom', ...rule(problem) });
  });
}

/** What a body may carry as a password before the rules above are checked (a bound on the work). */
export const PasswordFieldSchema = z
  .string({ error: ruleError })
  .min(1, { error: ruleError })
  .max(PASSWORD_MAX * 4, { error: ruleError });

/**
 * The common-passwords check's one rule, for both sides: a password is common when the strength
 * estimator (zxcvbn-ts with the common and French dictionaries shipped in @zxcvbn-ts/language-common
 * and -fr, offline) scores it below this, out of 4 (a leaked or frequent password, a dictionary word
 * or name repeated, a keyboard walk, repeated or sequential characters).
 */
export const COMMON_BELOW_SCORE = 3;
