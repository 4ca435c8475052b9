import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { labelOf, PROJECT_DOCUMENT_TYPES } from '../../../../contract/enums.js';
import { projectTakesDocuments } from '../../../../contract/lifecycle.js';
import type { Document, Project } from '../../../../contract/projects.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { useQuestion } from '../../../lib/use-question.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { formatDate } from '../../../lib/dates.js';
import { formatFileSize } from '../../../lib/format.js';
import { useLang } from '../../../lib/i18n.js';
import { useApplyProject } from '../api/apply-project.js';
import { useDeleteDocument } from '../api/delete-document.js';
import { useDocuments } from '../api/get-documents.js';
import { useRequiredDocuments } from '../api/get-required-documents.js';
import { DocumentDropZone } from './document-drop-zone.js';

/**
 * Required documents with their state (provided, refused with the manager's reason, missing),
 * uploads while the project takes documents, deletion with confirmation, and the apply step, open
 * once every refused or missing type has a new file. An error stays until the next action succeeds.
 */
export function DocumentsSection({ project, owner, canEdit }: { project: Project; owner: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const required = useRequiredDocuments(project.id);
  const documents = useDocuments(project.id);
  const remove = useDeleteDocument();
  const apply = useApplyProject();
  const question = useQuestion<Document>();
  const confirm = question.about;
  const editable = canEdit && projectTakesDocuments(project.status);
  const missing = (required.data ?? []).filter((d) => !d.provided && !d.refused);
  const refused = (required.data ?? []).filter((d) => !d.provided && d.refused);
  const typeName = (code: number) => labelOf(PROJECT_DOCUMENT_TYPES, code, lang);
  const reason = project.rejectionReason;
  // a success anywhere in the section ends the errors shown before it
  const succeeded = () => {
    remove.reset();
    apply.reset();
  };
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
                ) : d.refused ? (
                  <ErrorIcon color="error" titleAccess={t('documents.refused')} />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess={t('documents.missing')} />
                )}
              </ListItemIcon>
              <ListItemText
                primary={typeName(d.documentType)}
                secondary={
                  d.provided
                    ? t('documents.provided')
                    : d.refused
                      ? reason
                        ? t('project.refusedBecause', { reason })
                        : t('project.refusedReplace')
                      : t('documents.missing')
                }
                slotProps={d.refused && !d.provided ? { secondary: { color: 'error' } } : undefined}
              />
            </Stack>
            {editable ? (
              <DocumentDropZone
                projectId={project.id}
                documentType={d.documentType}
                label={typeName(d.documentType)}
                owner={owner}
                onUploaded={succeeded}
              />
            ) : null}
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
                      onClick={() => question.ask(doc)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={
                    doc.refused ? (
                      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{doc.fileName}</span>
                        <Chip size="small" color="error" variant="outlined" label={t('documents.refused')} />
                      </Stack>
                    ) : (
                      doc.fileName
                    )
                  }
                  slotProps={{ primary: { component: 'div' } }}
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
          {refused.length > 0 ? (
            <Typography color="text.secondary">
              {t('project.applyReplace', { list: refused.map((d) => typeName(d.documentType)).join(', ') })}
            </Typography>
          ) : null}
          {missing.length > 0 ? (
            <Typography color="text.secondary">
              {t('project.applyMissing', { list: missing.map((d) => typeName(d.documentType)).join(', ') })}
            </Typography>
          ) : null}
          <Button
            variant="contained"
            disabled={missing.length > 0 || refused.length > 0 || apply.isPending}
            onClick={() => apply.mutate(project.id, { onSuccess: () => remove.reset() })}
          >
            {t('project.apply')}
          </Button>
          {apply.error ? <ErrorAlert error={apply.error} /> : null}
        </Stack>
      ) : null}
      <ConfirmDialog
        open={question.open}
        title={t('project.confirmDeleteDocument', { name: confirm?.fileName ?? '' })}
        text={t('project.confirmDeleteDocumentText')}
        cancel={t('project.cancel')}
        confirm={t('project.delete')}
        busy={remove.isPending}
        onCancel={question.close}
        onConfirm={() => {
          if (confirm) remove.mutate({ projectId: project.id, documentId: confirm.id }, { onSuccess: () => apply.reset() });
          question.close();
        }}
      />
    </Stack>
  );
}
