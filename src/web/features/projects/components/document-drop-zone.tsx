import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_BYTES } from '../../../../contract/files.js';
import { FileRefusal } from '../../../components/file-refusal.js';
import { useUploadDocument } from '../api/upload-document.js';

const ACCEPT = { 'application/pdf': ['.pdf'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };

/** One drop zone per document type: wrong types, empty files and files over 10 MB are refused before upload. */
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
  const upload = useUploadDocument();
  const [progress, setProgress] = useState<{ name: string; value: number } | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    setRefused(
      rejections.map((r) =>
        r.errors.some((e) => e.code === 'file-too-large')
          ? t('documents.tooLarge', { name: r.file.name })
          : r.errors.some((e) => e.code === 'file-too-small')
            ? t('documents.empty', { name: r.file.name })
            : t('documents.badType', { name: r.file.name }),
      ),
    );
    const file = accepted[0];
    if (!file) return;
    setProgress({ name: file.name, value: 0 });
    upload.mutate(
      { projectId, documentType, file, onProgress: (value) => setProgress({ name: file.name, value }) },
      { onSettled: () => setProgress(null), onSuccess: onUploaded },
    );
  };
  // the zone takes drops; a real button opens the chooser (a focusable zone around an input nests interactive elements)
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept: ACCEPT,
    maxSize: MAX_FILE_BYTES,
    // an empty file is refused here, named, rather than sent and answered "no file received"
    minSize: 1,
    multiple: false,
    disabled: upload.isPending,
    noClick: true,
    noKeyboard: true,
  });
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
        <Button
          variant="outlined"
          size="small"
          onClick={open}
          disabled={upload.isPending}
          aria-label={t('common.labelValue', { label: t('documents.choose'), value: label })}
        >
          {t('documents.choose')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('project.drop')}
        </Typography>
      </Box>
      {progress ? (
        <Box sx={{ mt: 1 }} role="status">
          <Typography variant="caption">{t('project.uploading', { name: progress.name })}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress.value * 100)}
            aria-label={t('project.uploading', { name: progress.name })}
          />
        </Box>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <FileRefusal refused={refused} error={upload.error} fileName={upload.variables?.file.name} />
      </Box>
    </Box>
  );
}
