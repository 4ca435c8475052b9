import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../../../contract/enums.js';
import { projectTakesDocuments } from '../../../../contract/lifecycle.js';
import { PROJECT_DOCUMENT_TYPES, type Project } from '../../../../contract/projects.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate } from '../../../lib/dates.js';
import { formatFileSize } from '../../../lib/format.js';
import { currentLang } from '../../../lib/i18n.js';
import { useApplyProject } from '../api/apply-project.js';
import { useDeleteDocument } from '../api/delete-document.js';
import { useDocuments } from '../api/get-documents.js';
import { useRequiredDocuments } from '../api/get-required-documents.js';
import { DocumentDropZone } from './document-drop-zone.js';

/** Required documents with ticks, uploads while the project takes documents, and the apply step. */
export function DocumentsSection({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const required = useRequiredDocuments(project.id);
  const documents = useDocuments(project.id);
  const remove = useDeleteDocument();
  const apply = useApplyProject();
  const editable = canEdit && projectTakesDocuments(project.status);
  const missing = (required.data ?? []).filter((d) => !d.provided);
  const typeName = (code: number) => labelOf(PROJECT_DOCUMENT_TYPES, code, lang);
  if (required.isPending || documents.isPending) return <Skeleton variant="rounded" height={160} />;
  if (required.isError) return <ErrorAlert error={required.error} onRetry={() => void required.refetch()} />;
  return (
    <Stack spacing={2}>
      {project.rejectionReason && projectTakesDocuments(project.status) ? (
        <Alert severity="warning">{t('project.rejected', { reason: project.rejectionReason })}</Alert>
      ) : null}
      <List dense aria-label={t('documents.required')}>
        {required.data.map((d) => (
          <ListItem key={d.documentType} sx={{ display: 'block' }}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {d.provided ? (
                  <CheckCircleIcon color="success" titleAccess={t('documents.provided')} />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess={t('documents.missing')} />
                )}
              </ListItemIcon>
              <ListItemText primary={typeName(d.documentType)} secondary={d.provided ? t('documents.provided') : t('documents.missing')} />
            </Stack>
            {editable ? <DocumentDropZone projectId={project.id} documentType={d.documentType} label={typeName(d.documentType)} /> : null}
          </ListItem>
        ))}
      </List>
      {documents.data && documents.data.length > 0 ? (
        <>
          <Typography variant="subtitle1" component="h3">
            {t('project.uploaded')}
          </Typography>
          <List dense aria-label={t('project.uploaded')}>
            {documents.data.map((doc) => (
              <ListItem
                key={doc.id}
                secondaryAction={
                  editable ? (
                    <IconButton
                      edge="end"
                      aria-label={t('project.deleteDocument', { name: doc.fileName })}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ projectId: project.id, documentId: doc.id })}
                    >
                      <DeleteIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={doc.fileName}
                  secondary={`${typeName(doc.documentType)} · ${formatFileSize(doc.size, lang)} · ${formatDate(doc.createdAt, lang)}`}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      {editable ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {missing.length > 0 ? (
            <Typography color="text.secondary">
              {t('project.applyMissing', { list: missing.map((d) => typeName(d.documentType)).join(', ') })}
            </Typography>
          ) : null}
          <Button variant="contained" disabled={missing.length > 0 || apply.isPending} onClick={() => apply.mutate(project.id)}>
            {t('project.apply')}
          </Button>
          {apply.error ? <ErrorAlert error={apply.error} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
