import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { retryHelps } from '../../lib/api-error.js';
import type { SendFiles } from '../../lib/use-send-files.js';
import { FileRefusal } from '../file-refusal.js';
import { UploadProgress } from '../upload-progress.js';

/** Where a document's sending stands: the bar with cancel, files a retry found already there, what stopped it and the retry. */
export function SendStatus({ sending }: { sending: SendFiles }) {
  const { t } = useTranslation();
  const { progress, stopped, found } = sending;
  return (
    <>
      {progress ? <UploadProgress name={progress.name} fraction={progress.fraction} onCancel={sending.cancel} /> : null}
      {found.map((name) => (
        <Alert key={name} severity="info" sx={{ mt: 1 }}>
          {t('documentPages.alreadySent', { name })}
        </Alert>
      ))}
      {stopped ? (
        <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          {'cancelled' in stopped ? (
            <Alert severity="info">{t('documentPages.cancelled', { name: stopped.file.name })}</Alert>
          ) : (
            <FileRefusal refused={[]} error={stopped.error} fileName={stopped.file.name} />
          )}
          {/* a refusal (a type or size the partner does not take) would only be refused again */}
          {'cancelled' in stopped || retryHelps(stopped.error) ? (
            <Button size="small" disabled={progress !== null} onClick={() => void sending.retry()}>
              {t('documentPages.retrySend')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}
