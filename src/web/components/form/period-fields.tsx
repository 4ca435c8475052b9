import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { IsoDateSchema } from '../../../contract/common.js';
import { DateInput } from './date-input.js';

export interface Period {
  from: string;
  to: string;
}

/** A whole value of a period's field: a date yyyy-MM-dd, or with `month` a month yyyy-MM. */
const whole = (value: string, month: boolean) => (month ? /^\d{4}-\d{2}$/.test(value) : IsoDateSchema.safeParse(value).success);

/**
 * A period's two fields (the app's day-first date fields, or month fields with `month`) that
 * follow the URL: `period` is what it holds; a whole date or an emptied field goes to `onChange`
 * (null: emptied), a half-typed one waits there until it is whole.
 */
export function PeriodFields({
  period,
  labels,
  month = false,
  onChange,
  spacing,
  sx,
}: {
  period: Partial<Period>;
  labels: Period;
  month?: boolean;
  onChange: (field: keyof Period, value: string | null) => void;
  spacing: number;
  sx?: SxProps<Theme>;
}) {
  const form = useForm<Period>({ values: { from: period.from ?? '', to: period.to ?? '' } });
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, name }) => {
          if (name !== 'from' && name !== 'to') return;
          const value = values[name] ?? '';
          if (value === '' || whole(value, month)) onChange(name, value || null);
        },
      }),
    [subscribe, onChange, month],
  );
  return (
    <Stack direction="row" spacing={spacing} sx={sx}>
      <DateInput control={form.control} name="from" label={labels.from} size="small" month={month} />
      <DateInput control={form.control} name="to" label={labels.to} size="small" month={month} />
    </Stack>
  );
}
