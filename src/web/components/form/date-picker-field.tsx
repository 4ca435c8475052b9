import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickersEn, frFR as pickersFr } from '@mui/x-date-pickers/locales';

import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { Lang } from '../../../contract/enums.js';
import { dayjsLocale, parseIsoDate, toIsoDate } from '../../lib/dates.js';
import { useLang } from '../../lib/i18n.js';
import { visuallyHidden } from '../visually-hidden.js';
import { fieldMessage } from './field-error.js';

import type { DateInputProps } from './date-input.js';

/** The pickers' own words ("Open calendar", "Choose date"...) in the UI language. */
const PICKER_TEXT = {
  fr: pickersFr.components.MuiLocalizationProvider.defaultProps.localeText,
  en: pickersEn.components.MuiLocalizationProvider.defaultProps.localeText,
} satisfies Record<Lang, unknown>;

/**
 * A date the person has finished typing. The picker reads a year as it is typed ("2", "20", "202"
 * are the years 2, 20 and 202), so a year under 1000 is one still being typed, never a date to
 * send (a filter in the address, a draft): the form holds 'invalid' until the fourth digit.
 */
const whole = (d: Dayjs) => d.isValid() && d.year() >= 1000;

/**
 * A date picker (MUI X, dayjs) that keeps the contract's yyyy-MM-dd string in the form. The
 * picker keeps its own partial input while typing; the form gets a date, 'invalid' or nothing.
 * Its own chunk (with MUI X's pickers), loaded by date-input.tsx when a form shows a date.
 */
export default function DatePickerField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  required,
  minDate,
  maxDate,
  helperText,
  ariaLabel,
  size,
  month = false,
}: DateInputProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const formValue: string = typeof field.value === 'string' ? (field.value as string) : '';
  // a month is kept as yyyy-MM: its first day for the picker
  const parse = (v: string) => (month ? (/^\d{4}-\d{2}$/.test(v) ? parseIsoDate(`${v}-01`) : null) : parseIsoDate(v));
  const write = (d: Dayjs) => (month ? toIsoDate(d).slice(0, 7) : toIsoDate(d));
  const [picked, setPicked] = useState<Dayjs | null>(parse(formValue));
  const [seen, setSeen] = useState(formValue);
  if (formValue !== seen) {
    // the form changed the value (reset, draft): show it
    setSeen(formValue);
    const shown: string = picked?.isValid() ? write(picked) : '';
    if (formValue !== 'invalid' && formValue !== shown) setPicked(parse(formValue));
  }
  const lang = useLang();
  // the pickers' provider lives here, not in the app shell: pages without a date do not load them
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjsLocale(lang)} localeText={PICKER_TEXT[lang]}>
      <DatePicker
        label={
          ariaLabel ? (
            <>
              <span style={visuallyHidden}>{ariaLabel}</span>
              <span aria-hidden>{label}</span>
            </>
          ) : (
            label
          )
        }
        value={picked}
        {...(month ? { views: ['year', 'month'] as const, openTo: 'month' as const, format: 'MM/YYYY' } : {})}
        minDate={parseIsoDate(minDate) ?? undefined}
        maxDate={parseIsoDate(maxDate) ?? undefined}
        onChange={(d) => {
          setPicked(d);
          const next = d && whole(d) ? write(d) : d ? 'invalid' : undefined;
          setSeen(next ?? '');
          field.onChange(next);
        }}
        inputRef={field.ref}
        slotProps={{
          textField: {
            name: field.name,
            required,
            onBlur: field.onBlur,
            error: Boolean(fieldState.error),
            helperText: fieldMessage(fieldState.error, lang, formValue === '') ?? helperText,
            fullWidth: true,
            ...(size ? { size } : {}),
          },
        }}
      />
    </LocalizationProvider>
  );
}
