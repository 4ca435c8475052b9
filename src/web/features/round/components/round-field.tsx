import TextField from '@mui/material/TextField';
import type { KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { DateInput } from '../../../components/form/date-input.js';
import { textFieldBinding } from '../../../components/form/field-error.js';
import { useLang } from '../../../lib/i18n.js';
import type { RoundField as Field, RoundFormValues } from '../use-round-form.js';

/** Enter in a field goes to the same field of the next row (Tab goes along the row), as in a spreadsheet. */
function nextRowOnEnter(e: KeyboardEvent, field: Field, index: number) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const next = document.querySelector<HTMLInputElement>(`input[data-round-field="${field}"][data-round-index="${index + 1}"]`);
  next?.focus();
  next?.select();
}

/**
 * A field of a round's row, bound to the round's form: the column's short label shown, the row's
 * own name read ("Loyer de mai 2026, Sarah Leroy"), its error under it. The received date is the
 * app's date picker (dd/mm in the user's language); a phone gets the theme's full-height fields
 * (touch targets of 44 px and more), a table its small ones.
 */
export function RoundField({ focusHere, ...p }: Props) {
  const { control } = useFormContext<RoundFormValues>();
  if (p.field === 'receivedDate')
    return (
      <div ref={focusHere} data-round-field={p.field} style={{ minWidth: 170, maxWidth: 190 }}>
        <DateInput
          control={control}
          name={`rows.${p.index}.receivedDate`}
          label={p.label}
          ariaLabel={p.name}
          maxDate={p.today}
          size={p.size}
        />
      </div>
    );
  return <AmountField {...p} focusHere={focusHere} />;
}

interface Props {
  index: number;
  field: Field;
  label: string;
  name: string;
  disabled: boolean;
  size: 'small' | 'medium';
  today: string;
  /** Given when the user is taken to this field: the ref of its box, which focuses the field once drawn. */
  focusHere?: ((el: HTMLElement | null) => void) | undefined;
}

/** An amount typed as text (a comma is a decimal point), checked by the contract's schema when declared. */
function AmountField({ focusHere, ...p }: Props) {
  const { control, clearErrors } = useFormContext<RoundFormValues>();
  const name = `rows.${p.index}.${p.field}` as const;
  const { field, fieldState } = useController({ control, name });
  const lang = useLang();
  return (
    <div ref={focusHere} data-round-field={p.field} style={{ minWidth: 110, maxWidth: 150 }}>
      <TextField
        {...textFieldBinding(field, fieldState.error, undefined, lang)}
        size={p.size}
        label={p.label}
        value={field.value}
        disabled={p.disabled}
        onChange={(e) => {
          field.onChange(e.target.value);
          if (fieldState.error) clearErrors(name); // checked again when declared
        }}
        onKeyDown={(e) => nextRowOnEnter(e, p.field, p.index)}
        slotProps={{
          htmlInput: { 'aria-label': p.name, inputMode: 'decimal', 'data-round-field': p.field, 'data-round-index': p.index },
        }}
      />
    </div>
  );
}
