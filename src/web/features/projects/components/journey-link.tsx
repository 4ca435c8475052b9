import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The tenant's journey link (the project's publicUrl), to read or copy. */
export function JourneyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={1}>
      <TextField label={t('project.publicUrl')} value={url} size="small" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <Button variant="outlined" sx={{ flexShrink: 0 }} onClick={() => void navigator.clipboard.writeText(url).then(() => setCopied(true))}>
        {copied ? t('project.copied') : t('project.copy')}
      </Button>
    </Stack>
  );
}
