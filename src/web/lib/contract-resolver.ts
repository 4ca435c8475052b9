import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ruleOf } from '../../contract/rules.js';
import { encodeRule } from './validation-messages.js';

/**
 * The forms' resolver: parses with the contract's schema, like zodResolver, but each field error
 * keeps the rule it broke (key and parameters, rendered in the UI language when shown), not the
 * contract's English. A refinement the web adds itself (already in the UI language) keeps its text.
 */
export function contractResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const rule = ruleOf(issue);
      errors[path] = { type: issue.code, message: rule.key === 'invalid' && issue.code === 'custom' ? issue.message : encodeRule(rule) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
