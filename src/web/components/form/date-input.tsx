import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ControlledProps } from './field-error.js';

export type DateInputProps<T extends FieldValues, O extends FieldValues = T> = ControlledProps<T, O> & {
  label: string;
  required?: boolean;
  minDate?: string;
  maxDate?: string;
  helperText?: string;
  /** A name more specific than the visible label (a field repeated on each row of a table): what assistive technology reads. */
  ariaLabel?: string;
  size?: 'small' | 'medium';
  /** A month rather than a day: the value is yyyy-MM, typed as MM/YYYY and picked by year and month. */
  month?: boolean;
};

// MUI X's date pickers (about 48 KB compressed) are a part of their own: a page shows first and
// its date fields come when their code is there (a page without a date never loads them)
const DatePickerField = lazy(() => import('./date-picker-field.js')) as ComponentType<DateInputProps<FieldValues>>;

/**
 * A date field of a form (the contract's yyyy-MM-dd string). While the picker's code downloads,
 * its place is kept (an outlined field's height, and its helper line when it has one), so
 * nothing below moves when it comes.
 */
export function DateInput<T extends FieldValues, O extends FieldValues = T>(props: DateInputProps<T, O>) {
  return (
    <Suspense
      fallback={
        <div style={{ width: '100%' }}>
          <Skeleton variant="rounded" height={props.size === 'small' ? 40 : 56} />
          {props.helperText ? <Skeleton variant="text" width="60%" sx={{ mx: 1.75, mt: '3px' }} /> : null}
        </div>
      }
    >
      <DatePickerField {...(props as unknown as DateInputProps<FieldValues>)} />
    </Suspense>
  );
}
