import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { CameraButton } from '../../../components/document-pages/camera-button.js';
import { DocumentPages } from '../../../components/document-pages/document-pages.js';
import { SendStatus } from '../../../components/document-pages/send-status.js';
import { useDocumentPages } from '../../../components/document-pages/use-document-pages.js';
import { FileRefusal } from '../../../components/file-refusal.js';
import { documentFileName } from '../../../lib/document-pages/page-rules.js';
import { useMuiTexts } from '../../../lib/mui-texts.js';
import { useDocumentThere, useUploadDocument } from '../api/upload-document.js';

const ACCEPT = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
};

/**
 * One drop zone per document type. A file chosen alone that the partner takes (PDF or image
 * within 10 MB) is sent as it is, at once; several files, a camera photo, a HEIC photo or a photo
 * over 10 MB become pages of one PDF made here. On a phone (a coarse pointer), "Take a photo" opens
 * the camera and "Choose files" the gallery or files (a `capture` input offers no gallery).
 */
export function DocumentDropZone({
  projectId,
  documentType,
  label,
  owner,
  onUploaded,
}: {
  projectId: string;
  /** The signed-in user's e-mail: a notice of pages lost is theirs only. */
  owner: string;
  documentType: number;
  label: string;
  /** A file was accepted: the section's earlier errors are over. */
  onUploaded?: () => void;
}) {
  const { t } = useTranslation();
  const mui = useMuiTexts();
  const phone = useMediaQuery('(pointer: coarse)');
  const upload = useUploadDocument();
  const doc = useDocumentPages({
    owner,
    lostKey: `${projectId}:${documentType}`,
    upload: (file, onProgress, signal) => upload.mutateAsync({ projectId, documentType, file, onProgress, signal }),
    alreadyThere: useDocumentThere(projectId, documentType),
    onDone: onUploaded,
  });
  const { busy } = doc;

  const rejection = (r: FileRejection) =>
    t(r.errors.some((e) => e.code === 'file-too-small') ? 'documents.empty' : 'documents.badType', { name: r.file.name });

  // the zone takes drops; a real button opens the chooser (a focusable zone around an input nests interactive elements)
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted, rejections) => void doc.take(accepted, false, rejections.map(rejection)),
    accept: ACCEPT,
    // an empty file is refused here, named, rather than sent and answered "no file received"
    minSize: 1,
    multiple: true,
    disabled: busy,
    noClick: true,
    noKeyboard: true,
  });
  const chooseLabel = t('documentPages.chooseFiles');
  return (
    <Box>
      <Box
        {...getRootProps()}
        sx={{
          border: '2px dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
        }}
      >
        <input {...getInputProps({ 'aria-label': label })} />
        {phone ? (
          <CameraButton
            input={doc.camera}
            label={label}
            disabled={busy}
            onOpen={doc.newPhoto}
            onPhotos={(files) => void doc.take(files, true)}
          />
        ) : null}
        <Button
          variant="outlined"
          size="small"
          onClick={open}
          disabled={busy}
          aria-label={t('common.labelValue', { label: chooseLabel, value: label })}
        >
          {chooseLabel}
        </Button>
        {phone ? null : (
          <Typography variant="body2" color="text.secondary">
            {t('project.drop')}
          </Typography>
        )}
      </Box>
      {doc.lost ? (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={doc.dismissLost} {...mui.alert}>
          {t('documentPages.lost', { label })}
        </Alert>
      ) : null}
      {doc.pages.length > 0 ? (
        <DocumentPages
          label={label}
          fileName={documentFileName(label, new Date())}
          pages={doc.pages}
          dispatch={doc.dispatch}
          busy={busy}
          onSend={(files) => void doc.sending.send(files)}
          onRetake={phone ? doc.retake : undefined}
        />
      ) : null}
      <SendStatus sending={doc.sending} />
      <Box sx={{ mt: 1 }}>
        <FileRefusal refused={doc.refused} error={null} fileName={undefined} />
      </Box>
    </Box>
  );
}
