import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form of the app, its parts stacked: named for assistive technology by `label`, checked by its
 * schema through react-hook-form (`onSubmit`: its handleSubmit), not by the browser's own bubbles.
 */
export function FormStack({
  label,
  onSubmit,
  spacing = 2,
  sx,
  children,
}: {
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void> | void;
  spacing?: number;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      spacing={spacing}
      noValidate
      onSubmit={(e: FormEvent<HTMLFormElement>) => void onSubmit(e)}
      aria-label={label}
      sx={sx}
    >
      {children}
    </Stack>
  );
}
