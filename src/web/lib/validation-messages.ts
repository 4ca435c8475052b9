import type { Lang } from '../../contract/enums.js';
import { formatNumber } from '../../contract/numbers.js';
import { RuleRefSchema, isRuleKey, type RuleRef } from '../../contract/rules.js';
import { formatLongDate } from './dates.js';
import { addCatalogues, i18n } from './i18n.js';
import { validationEn } from './i18n/validation.en.js';
import { validationFr } from './i18n/validation.fr.js';

// the rules' copy comes with the forms, not with the first page
addCatalogues({ fr: validationFr, en: validationEn });

/**
 * What a user reads when a value breaks a rule of the contract: the rule's key and parameters
 * (contract/rules.ts, from the form's own validation or the server's error details) rendered from
 * the `validation` catalogue in the UI language, never the contract's English.
 */
export function ruleMessage(rule: RuleRef, lang: Lang): string {
  const value = (name: Placeholder): string => {
    const v = rule.params[name];
    if (v === undefined) return '';
    if (typeof v === 'number') return formatNumber(v, lang);
    return name === 'date' ? formatLongDate(v, lang) : v;
  };
  const values = Object.fromEntries(PLACEHOLDERS.map((name) => [name, value(name)])) as Record<Placeholder, string>;
  return i18n.t(`validation.${isRuleKey(rule.key) ? rule.key : 'invalid'}`, { ...values, lng: lang });
}

/** Every placeholder of the validation copy: a copy naming another one fails to compile above. */
const PLACEHOLDERS = ['date', 'max', 'min', 'months', 'years', 'days'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];

/**
 * A field error holds a string (react-hook-form), so a rule travels in it written as below and is
 * rendered only when shown: switching the language re-renders the errors on screen.
 */
const MARK = 'rule:';
export const encodeRule = (rule: RuleRef): string => MARK + JSON.stringify(rule);

function decodeRule(message: string): RuleRef | null {
  if (!message.startsWith(MARK)) return null;
  try {
    const parsed = RuleRefSchema.safeParse(JSON.parse(message.slice(MARK.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A field error's message: a rule, rendered; copy the web wrote itself, already in the language, as it is. */
export function validationMessage(message: string, lang: Lang): string {
  const rule = decodeRule(message);
  return rule ? ruleMessage(rule, lang) : message;
}

/** Whether a field error is one of the rules that say why a field is required ("required for a student tenant"). */
export const isRequiredRule = (message: string): boolean => decodeRule(message)?.key.startsWith('required') ?? false;

export const REQUIRED = encodeRule({ key: 'required', params: {} });
