import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { Lang } from '../../../contract/enums.js';
import { readAmount } from '../../../contract/money.js';
import { formatAmountInput } from '../../lib/format.js';
import { useLang } from '../../lib/i18n.js';
import { textFieldBinding, type ControlledProps } from './field-error.js';

type Props<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>;

/** What the form holds for a text: the amount, null when empty, NaN when it is not an amount (the schema says so). */
const held = (text: string, lang: Lang): number | null => readAmount(text, lang);

/** A number the form holds, as the field writes it in the user's language; anything else: an empty field. */
const shown = (value: unknown, lang: Lang): string =>
  typeof value === 'number' && Number.isFinite(value) ? formatAmountInput(value, lang) : '';

/**
 * An amount in euros, typed as text the user's way ("1 200,50", "1200.50", "1,200.50" in English:
 * contract/money.ts readAmount) and kept in the form as a number. The field shows what was typed,
 * and once left, the amount written in the user's language. An empty field holds null, never
 * undefined: for undefined, react-hook-form answers the field's default value, which came back in
 * the field (a pre-filled 800 cleared, then "750" typed, read "800750"). The forms read null as
 * nothing typed (contractResolver).
 */
export function MoneyInput<T extends FieldValues, O extends FieldValues = T>({ control, name, helperText, ...rest }: Props<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const lang = useLang();
  const value: unknown = field.value;
  // what was typed, with the amount and language it was typed for: shown while the form still holds
  // that amount; once the form holds another (a reset, a draft) or the language changes, the amount
  // held is shown instead, unless the text already says it
  const [typed, setTyped] = useState(() => ({ text: shown(value, lang), value, lang }));
  const current = typed.lang === lang && (Object.is(typed.value, value) || Object.is(held(typed.text, lang), value ?? null));
  const text = current ? typed.text : shown(value, lang);
  return (
    <TextField
      {...rest}
      {...textFieldBinding(field, fieldState.error, helperText, lang)}
      onBlur={() => {
        // what the form will record, written the user's way: "1200.5" becomes "1 200,50"
        if (typeof value === 'number' && Number.isFinite(value)) setTyped({ text: shown(value, lang), value, lang });
        field.onBlur();
      }}
      value={text}
      inputMode="decimal"
      onChange={(e) => {
        const amount = held(e.target.value, lang);
        setTyped({ text: e.target.value, value: amount, lang });
        field.onChange(amount);
      }}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
      fullWidth
    />
  );
}
