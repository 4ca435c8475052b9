import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ruleOf } from '../../contract/rules.js';
import { encodeRule } from './validation-messages.js';

/**
 * A form's values with every null read as nothing typed: an amount field left empty holds null
 * (for undefined, react-hook-form shows the field's default value again: MoneyInput), and the
 * contract's optional fields take undefined, not null.
 */
function nullAsAbsent(value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map(nullAsAbsent);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullAsAbsent(v)]));
}

/**
 * The forms' resolver: parses with the contract's schema, like zodResolver, but each field error
 * keeps the rule it broke (key and parameters, rendered in the UI language when shown), not the
 * contract's English. A refinement the web adds itself (already in the UI language) keeps its text.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  /** Fields typed as one text that the schema reads as a list (e-mails separated by commas): an item's error is the field's. */
  textLists: readonly string[] = [],
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(nullAsAbsent(values), { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const list = textLists.find((name) => issue.path[0] === name);
      const path = list ?? issue.path.join('.');
      if (errors[path]) continue;
      const rule = ruleOf(issue);
      errors[path] = { type: issue.code, message: rule.key === 'invalid' && issue.code === 'custom' ? issue.message : encodeRule(rule) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
