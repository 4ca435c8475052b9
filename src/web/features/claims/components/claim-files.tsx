import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { labelOf, CLAIM_DOCUMENT_TYPES } from '../../../../contract/enums.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate, formatTime } from '../../../lib/dates.js';
import { formatFileSize } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useClaimFiles } from '../api/get-claim-files.js';

/** What was sent to the claim from here: each file with its type, size, date, sender and comment. */
export function ClaimFiles({ claimId }: { claimId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const files = useClaimFiles(claimId);
  return (
    <section aria-labelledby="claim-files-title">
      <Typography id="claim-files-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('workspace.files')}
      </Typography>
      {files.isPending ? <Skeleton variant="rounded" height={48} /> : null}
      {files.isError ? <ErrorAlert error={files.error} onRetry={() => void files.refetch()} /> : null}
      {files.data && files.data.total === 0 ? <Typography color="text.secondary">{t('workspace.noFiles')}</Typography> : null}
      {files.data && files.data.total > 0 ? (
        <List dense aria-label={t('workspace.files')}>
          {files.data.items.map((f) => (
            <ListItem key={f.id} alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                <InsertDriveFileIcon />
              </ListItemIcon>
              <ListItemText
                primary={f.fileName}
                secondary={
                  <>
                    {t('workspace.fileSent', {
                      type: labelOf(CLAIM_DOCUMENT_TYPES, f.documentType, lang),
                      size: formatFileSize(f.size, lang),
                      date: formatDate(f.uploadedAt, lang),
                      time: formatTime(f.uploadedAt, lang),
                      name: f.uploadedBy,
                    })}
                    {f.comment ? (
                      <>
                        <br />
                        {t('workspace.fileComment', { comment: f.comment })}
                      </>
                    ) : null}
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {files.data && files.data.total > files.data.items.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('workspace.filesMore', { count: files.data.total - files.data.items.length })}
        </Typography>
      ) : null}
    </section>
  );
}
