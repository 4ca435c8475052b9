import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAIM_DOCUMENT_TYPES, DocumentCommentSchema } from '../../../../contract/claims.js';
import { labelOf, labelIn } from '../../../../contract/enums.js';
import { MAX_FILE_BYTES } from '../../../../contract/files.js';
import { ruleOf } from '../../../../contract/rules.js';
import { TEXT_MAX } from '../../../../contract/limits.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { DocumentPages } from '../../../components/document-pages/document-pages.js';
import { FileRefusal } from '../../../components/file-refusal.js';
import { UploadProgress } from '../../../components/upload-progress.js';
import { retryHelps } from '../../../lib/api-error.js';
import { autosize } from '../../../lib/autosize.js';
import { pagesReducer } from '../../../lib/document-pages/page-list.js';
import { documentFileName } from '../../../lib/document-pages/page-rules.js';
import { readPages } from '../../../lib/document-pages/read-files.js';
import { usePagesLost } from '../../../lib/document-pages/use-pages-lost.js';
import { useSendFiles } from '../../../lib/use-send-files.js';
import { currentLang } from '../../../lib/i18n.js';
import { ruleMessage } from '../../../lib/validation-messages.js';
import { useClaimRequiredDocuments } from '../api/claim-reads.js';
import { useApplyClaim, useUploadClaimDocument } from '../api/claim-writes.js';
import { useClaimFileThere } from '../api/get-claim-files.js';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/gif';
/** What the chooser offers: the partner's types, and HEIC photos (made pages of a PDF here). */
const CHOOSER_ACCEPT = `${ACCEPT},image/heic,image/heif,.heic,.heif`;

/** The comment grows to four lines, then scrolls; it takes the row's free width. */
const COMMENT = autosize(4, { flex: 1 });

/** Required claim documents with ticks; upload (while the claim takes documents) with type, comment and progress; apply when complete. */
export function ClaimDocuments({ claimId, canAdd, canApply }: { claimId: string; canAdd: boolean; canApply: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const required = useClaimRequiredDocuments(claimId);
  const upload = useUploadClaimDocument(claimId);
  const apply = useApplyClaim(claimId);
  const [type, setType] = useState<number>(1);
  const [comment, setComment] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(pointer: coarse)');
  const [pages, dispatch] = useReducer(pagesReducer, []);
  const [lostSeen, setLostSeen] = useState(false);
  const lost = usePagesLost(`claim:${claimId}`, pages.length > 0) && !lostSeen;
  const there = useClaimFileThere(claimId);
  const sending = useSendFiles({
    upload: (file, onProgress, signal) =>
      upload.mutateAsync({ documentType: type, comment: comment.trim() || undefined, file, onProgress, signal }),
    alreadyThere: (file) => there(file, type),
    onDone: () => {
      dispatch({ type: 'clear' });
      setComment('');
      setSent(true);
    },
  });
  const typeLabel = labelOf(CLAIM_DOCUMENT_TYPES, type, lang);
  const stopped = sending.stopped;
  const missing = (required.data ?? []).filter((d) => !d.provided);
  // the contract's rule, before anything is sent: too long is refused, never cut
  const commentCheck = DocumentCommentSchema.safeParse(comment);
  const commentIssue = commentCheck.error?.issues[0];
  const commentError = commentIssue ? ruleMessage(ruleOf(commentIssue), lang) : null;
  const send = (file: File | undefined) => {
    if (!file || commentError) return;
    if (file.size === 0) return setRefused(t('documents.empty', { name: file.name }));
    if (file.size > MAX_FILE_BYTES) return setRefused(t('documents.tooLarge', { name: file.name }));
    if (!ACCEPT.split(',').includes(file.type)) return setRefused(t('documents.badType', { name: file.name }));
    setRefused(null);
    setSent(false);
    setProgress(0);
    upload.mutate(
      { documentType: type, comment: comment.trim() || undefined, file, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onSuccess: () => {
          setComment('');
          setSent(true);
        },
      },
    );
  };
  /** One file alone goes as it always did; several, or a photo from the camera, become pages of one PDF. */
  const choose = async (files: File[], asPages: boolean) => {
    setLostSeen(true);
    if (!asPages && pages.length === 0 && files.length === 1) return send(files[0]);
    const read = await readPages(files);
    setRefused(
      read.refused.length > 0
        ? read.refused
            .map((r) => t(r.reason === 'photoTooLarge' ? 'documents.pages.photoTooLarge' : `documents.${r.reason}`, { name: r.name }))
            .join(' ')
        : null,
    );
    setSent(false);
    if (read.pages.length > 0) dispatch({ type: 'add', pages: read.pages });
  };
  const busy = upload.isPending || sending.progress !== null;
  return (
    <Stack spacing={2}>
      <List dense aria-label={t('documents.required')}>
        {(required.data ?? []).map((d) => (
          <ListItem key={d.documentType}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {d.provided ? (
                <CheckCircleIcon color="success" titleAccess={t('documents.provided')} />
              ) : (
                <RadioButtonUncheckedIcon color="disabled" titleAccess={t('documents.missing')} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={labelOf(CLAIM_DOCUMENT_TYPES, d.documentType, lang)}
              secondary={d.provided ? t('documents.provided') : t('documents.missing')}
            />
          </ListItem>
        ))}
      </List>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          label={t('workspace.documentType')}
          value={String(type)}
          onChange={(e) => setType(Number(e.target.value))}
          sx={{ minWidth: 240 }}
        >
          {CLAIM_DOCUMENT_TYPES.map((d) => (
            <MenuItem key={d.code} value={String(d.code)}>
              {labelIn(d, lang)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('workspace.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={commentError !== null}
          helperText={commentError ?? t('workspace.commentLimit', { count: comment.length, max: TEXT_MAX.comment })}
          {...COMMENT}
        />
        <input
          ref={input}
          type="file"
          accept={CHOOSER_ACCEPT}
          multiple
          hidden
          aria-label={t('workspace.upload')}
          onChange={(e) => {
            void choose([...(e.target.files ?? [])], false);
            e.target.value = '';
          }}
        />
        {phone ? (
          <>
            <input
              ref={camera}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              aria-label={t('documents.pages.takePhoto')}
              onChange={(e) => {
                void choose([...(e.target.files ?? [])], true);
                e.target.value = '';
              }}
            />
            <Button
              variant="contained"
              startIcon={<PhotoCameraIcon />}
              onClick={() => camera.current?.click()}
              disabled={!canAdd || busy || commentError !== null}
            >
              {t('documents.pages.takePhoto')}
            </Button>
          </>
        ) : null}
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={!canAdd || busy || commentError !== null}>
          {t('documents.choose')}
        </Button>
      </Stack>
      {lost ? (
        <Alert severity="warning" onClose={() => setLostSeen(true)}>
          {t('documents.pages.lost', { label: t('workspace.documents') })}
        </Alert>
      ) : null}
      {pages.length > 0 ? (
        <DocumentPages
          label={typeLabel}
          fileName={documentFileName(typeLabel, new Date())}
          pages={pages}
          dispatch={dispatch}
          busy={busy || commentError !== null}
          onSend={(files) => void sending.send(files)}
        />
      ) : null}
      {sending.progress ? (
        <UploadProgress name={sending.progress.name} fraction={sending.progress.fraction} onCancel={sending.cancel} />
      ) : null}
      {sending.found.map((name) => (
        <Alert key={name} severity="info">
          {t('documents.alreadySent', { name })}
        </Alert>
      ))}
      {stopped ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {'cancelled' in stopped ? (
            <Alert severity="info">{t('documents.cancelled', { name: stopped.file.name })}</Alert>
          ) : (
            <FileRefusal refused={[]} error={stopped.error} fileName={stopped.file.name} />
          )}
          {'cancelled' in stopped || retryHelps(stopped.error) ? (
            <Button size="small" disabled={busy} onClick={() => void sending.retry()}>
              {t('documents.retrySend')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {progress !== null ? (
        <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('workspace.upload')} />
      ) : null}
      {sent ? (
        <Typography role="status" color="success.main" sx={{ fontWeight: 500 }}>
          {t('workspace.documentSent')}
        </Typography>
      ) : null}
      <FileRefusal refused={refused ? [refused] : []} error={upload.error} fileName={upload.variables?.file.name} />
      {canApply ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {missing.length > 0 ? (
            <Typography color="text.secondary">
              {t('workspace.applyMissing', { list: missing.map((d) => labelOf(CLAIM_DOCUMENT_TYPES, d.documentType, lang)).join(', ') })}
            </Typography>
          ) : null}
          <Button variant="contained" disabled={missing.length > 0 || apply.isPending} onClick={() => apply.mutate(undefined)}>
            {t('workspace.apply')}
          </Button>
          {apply.error ? <ErrorAlert error={apply.error} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
