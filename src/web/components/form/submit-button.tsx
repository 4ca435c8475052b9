import Button from '@mui/material/Button';

/** A form's submit button: disabled while its write is pending, and saying so. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  size,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  size?: 'medium' | 'large';
}) {
  return (
    <Button type="submit" variant="contained" size={size} disabled={pending}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
