import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentCommentSchema } from '../../../../contract/claims.js';
import { labelOf, labelIn, CLAIM_DOCUMENT_TYPES } from '../../../../contract/enums.js';
import { ruleOf } from '../../../../contract/rules.js';
import { TEXT_MAX } from '../../../../contract/limits.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { CameraButton } from '../../../components/document-pages/camera-button.js';
import { DocumentPages } from '../../../components/document-pages/document-pages.js';
import { SendStatus } from '../../../components/document-pages/send-status.js';
import { useDocumentPages } from '../../../components/document-pages/use-document-pages.js';
import { FileRefusal } from '../../../components/file-refusal.js';
import { autosize } from '../../../lib/autosize.js';
import { documentFileName } from '../../../lib/document-pages/page-rules.js';
import { useLang } from '../../../lib/i18n.js';
import { muiTexts } from '../../../lib/mui-texts.js';
import { ruleMessage } from '../../../lib/validation-messages.js';
import { useClaimRequiredDocuments } from '../api/claim-reads.js';
import { useApplyClaim, useUploadClaimDocument } from '../api/claim-writes.js';
import { useClaimFileThere } from '../api/get-claim-files.js';

/**
 * The type offered first: the first required document still missing (and not just sent from this
 * page), else "Other document" once every required one is given. Until the list is read, the first type.
 */
function defaultType(required: readonly { documentType: number; provided: boolean }[] | undefined, sent: readonly number[]): number {
  if (!required) return CLAIM_DOCUMENT_TYPES[0].code;
  const missing = required.filter((d) => !d.provided && !sent.includes(d.documentType));
  return missing[0]?.documentType ?? OTHER_TYPE;
}

const OTHER_TYPE = CLAIM_DOCUMENT_TYPES.find((d) => d.name === 'Other')?.code ?? CLAIM_DOCUMENT_TYPES[0].code;

/** What the chooser offers: the partner's types, and HEIC photos (made pages of a PDF here). */
const CHOOSER_ACCEPT = 'application/pdf,image/jpeg,image/png,image/gif,image/heic,image/heif,.heic,.heif';

/** The comment grows to four lines, then scrolls; it takes the row's free width. */
const COMMENT = autosize(4, { flex: 1 });

/** Required claim documents with ticks; upload (while the claim takes documents) with type, comment and progress; apply when complete. */
export function ClaimDocuments({
  claimId,
  owner,
  canAdd,
  canApply,
}: {
  claimId: string;
  /** The signed-in user's e-mail: a notice of pages lost is theirs only. */
  owner: string;
  canAdd: boolean;
  canApply: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const required = useClaimRequiredDocuments(claimId);
  const upload = useUploadClaimDocument(claimId);
  const apply = useApplyClaim(claimId);
  // The type chosen by the user; until then (and after each upload), the first type still missing
  const [chosen, setChosen] = useState<number | null>(null);
  /** Types sent from this page: counted as given while the list of required documents is read again. */
  const [sentTypes, setSentTypes] = useState<readonly number[]>([]);
  const missing = (required.data ?? []).filter((d) => !d.provided);
  const type = chosen ?? defaultType(required.data, sentTypes);
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const phone = useMediaQuery('(pointer: coarse)');
  const there = useClaimFileThere(claimId);
  const doc = useDocumentPages({
    owner,
    lostKey: `claim:${claimId}`,
    upload: (file, onProgress, signal) =>
      upload.mutateAsync({ documentType: type, comment: comment.trim() || undefined, file, onProgress, signal }),
    alreadyThere: (file) => there(file, type),
    onDone: () => {
      setComment('');
      setSent(true);
      // the next document to give: the type follows the list again
      setSentTypes((s) => [...s, type]);
      setChosen(null);
    },
  });
  const typeLabel = labelOf(CLAIM_DOCUMENT_TYPES, type, lang);
  // the contract's rule, before anything is sent: too long is refused, never cut
  const commentCheck = DocumentCommentSchema.safeParse(comment);
  const commentIssue = commentCheck.error?.issues[0];
  const commentError = commentIssue ? ruleMessage(ruleOf(commentIssue), lang) : null;
  /** One file alone goes as it always did; several, or a photo from the camera, become pages of one PDF. */
  const choose = (files: File[], asPages: boolean) => {
    if (commentError) return;
    setSent(false);
    // the pages are for the type shown now, whatever the list says when it is read again
    setChosen(type);
    void doc.take(files, asPages);
  };
  const busy = doc.busy;
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
          onChange={(e) => setChosen(Number(e.target.value))}
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
            choose([...(e.target.files ?? [])], false);
            e.target.value = '';
          }}
        />
        {phone ? (
          <CameraButton
            input={doc.camera}
            label={typeLabel}
            disabled={!canAdd || busy || commentError !== null}
            onOpen={doc.newPhoto}
            onPhotos={(files) => choose(files, true)}
          />
        ) : null}
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={!canAdd || busy || commentError !== null}>
          {t('documents.choose')}
        </Button>
      </Stack>
      {doc.lost ? (
        <Alert severity="warning" onClose={doc.dismissLost} {...muiTexts(lang).alert}>
          {t('documentPages.lost', { label: t('workspace.documents') })}
        </Alert>
      ) : null}
      {doc.pages.length > 0 ? (
        <DocumentPages
          label={typeLabel}
          fileName={documentFileName(typeLabel, new Date())}
          pages={doc.pages}
          dispatch={doc.dispatch}
          busy={busy || commentError !== null}
          onSend={(files) => void doc.sending.send(files)}
          onRetake={phone ? doc.retake : undefined}
        />
      ) : null}
      <SendStatus sending={doc.sending} />
      {sent ? (
        <Typography role="status" color="success.main" sx={{ fontWeight: 500 }}>
          {t('workspace.documentSent')}
        </Typography>
      ) : null}
      <FileRefusal refused={doc.refused} error={null} fileName={undefined} />
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
