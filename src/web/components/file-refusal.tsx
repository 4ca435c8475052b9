import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error.js';
import { ErrorAlert } from './error-alert.js';

/**
 * A refused file looks and reads the same whether the browser refused it before sending (size,
 * type, empty) or the server after reading it (E0145 too large, E0144 not a PDF or image by content,
 * E0142 nothing received, i.e. an empty file):
 * one error alert naming the file. Other failures keep the catalogue's alert with its reference.
 */
export function FileRefusal({ refused, error, fileName }: { refused: readonly string[]; error: unknown; fileName: string | undefined }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : null;
  const name = fileName ?? '';
  const byServer =
    code === 'E0145'
      ? t('documents.tooLarge', { name })
      : code === 'E0144'
        ? t('documents.badType', { name })
        : // a file was chosen: "no file received" means it had no content
          code === 'E0142' && name
          ? t('documents.empty', { name })
          : null;
  const messages = byServer ? [...refused, byServer] : refused;
  if (messages.length === 0 && !error) return null;
  return (
    <Stack spacing={1}>
      {messages.map((m) => (
        <Alert key={m} severity="error" role="alert">
          {m}
        </Alert>
      ))}
      {error && !byServer ? <ErrorAlert error={error} /> : null}
    </Stack>
  );
}
