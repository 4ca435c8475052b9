import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useReducer, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_BYTES } from '../../../../contract/files.js';
import { DocumentPages } from '../../../components/document-pages/document-pages.js';
import { FileRefusal } from '../../../components/file-refusal.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { pagesReducer } from '../../../lib/document-pages/page-list.js';
import { documentFileName, sentAsItIs } from '../../../lib/document-pages/page-rules.js';
import { readPages, type Refusal } from '../../../lib/document-pages/read-files.js';
import { usePagesLost } from '../../../lib/document-pages/use-pages-lost.js';
import { retryHelps } from '../../../lib/api-error.js';
import { useSendFiles } from '../../../lib/use-send-files.js';
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
  onUploaded,
}: {
  projectId: string;
  documentType: number;
  label: string;
  /** A file was accepted: the section's earlier errors are over. */
  onUploaded?: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(pointer: coarse)');
  const upload = useUploadDocument();
  const there = useDocumentThere(projectId, documentType);
  const [pages, dispatch] = useReducer(pagesReducer, []);
  const [refused, setRefused] = useState<string[]>([]);
  const [lostSeen, setLostSeen] = useState(false);
  const lost = usePagesLost(`${projectId}:${documentType}`, pages.length > 0) && !lostSeen;
  const camera = useRef<HTMLInputElement>(null);
  const sending = useSendFiles({
    upload: (file, onProgress, signal) => upload.mutateAsync({ projectId, documentType, file, onProgress, signal }),
    alreadyThere: there,
    onDone: () => {
      dispatch({ type: 'clear' });
      onUploaded?.();
    },
  });
  const busy = sending.progress !== null;

  const refusal = (r: Refusal) =>
    t(r.reason === 'photoTooLarge' ? 'documents.pages.photoTooLarge' : `documents.${r.reason}`, { name: r.name });
  const rejection = (r: FileRejection) =>
    t(r.errors.some((e) => e.code === 'file-too-small') ? 'documents.empty' : 'documents.badType', { name: r.file.name });

  const take = async (files: File[], rejections: readonly FileRejection[], asPages: boolean) => {
    setLostSeen(true);
    const read = await readPages(files);
    const refusedNow = [...rejections.map(rejection), ...read.refused.map(refusal)];
    setRefused(refusedNow);
    const only = read.pages[0];
    const alone = !asPages && pages.length === 0 && files.length === 1 && read.pages.length === 1;
    if (alone && only && sentAsItIs(only.kind, only.file.size, MAX_FILE_BYTES)) return void sending.send([only.file]);
    if (read.pages.length > 0) dispatch({ type: 'add', pages: read.pages });
  };

  // the zone takes drops; a real button opens the chooser (a focusable zone around an input nests interactive elements)
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted, rejections) => void take(accepted, rejections, false),
    accept: ACCEPT,
    // an empty file is refused here, named, rather than sent and answered "no file received"
    minSize: 1,
    multiple: true,
    disabled: busy,
    noClick: true,
    noKeyboard: true,
  });
  const chooseLabel = t('documents.pages.chooseFiles');
  const stopped = sending.stopped;
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
          <>
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              aria-label={t('common.labelValue', { label: t('documents.pages.takePhoto'), value: label })}
              onChange={(e) => {
                void take([...(e.target.files ?? [])], [], true);
                e.target.value = '';
              }}
            />
            <Button
              variant="contained"
              size="small"
              startIcon={<PhotoCameraIcon />}
              onClick={() => camera.current?.click()}
              disabled={busy}
              aria-label={t('common.labelValue', { label: t('documents.pages.takePhoto'), value: label })}
            >
              {t('documents.pages.takePhoto')}
            </Button>
          </>
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
      {lost ? (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setLostSeen(true)}>
          {t('documents.pages.lost', { label })}
        </Alert>
      ) : null}
      {pages.length > 0 ? (
        <DocumentPages
          label={label}
          fileName={documentFileName(label, new Date())}
          pages={pages}
          dispatch={dispatch}
          busy={busy}
          onSend={(files) => void sending.send(files)}
        />
      ) : null}
      {sending.progress ? (
        <UploadProgress name={sending.progress.name} fraction={sending.progress.fraction} onCancel={sending.cancel} />
      ) : null}
      {sending.found.map((name) => (
        <Alert key={name} severity="info" sx={{ mt: 1 }}>
          {t('documents.alreadySent', { name })}
        </Alert>
      ))}
      {stopped ? (
        <Box sx={{ mt: 1 }}>
          {'cancelled' in stopped ? (
            <Alert severity="info">{t('documents.cancelled', { name: stopped.file.name })}</Alert>
          ) : (
            <FileRefusal refused={[]} error={stopped.error} fileName={stopped.file.name} />
          )}
          {/* a refusal (a type or size the partner does not take) would only be refused again */}
          {'cancelled' in stopped || retryHelps(stopped.error) ? (
            <Button size="small" sx={{ mt: 1 }} disabled={busy} onClick={() => void sending.retry()}>
              {t('documents.retrySend')}
            </Button>
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <FileRefusal refused={refused} error={null} fileName={undefined} />
      </Box>
    </Box>
  );
}
