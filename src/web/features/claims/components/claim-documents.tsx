import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLAIM_DOCUMENT_TYPES, DocumentCommentSchema } from '../../../../contract/claims.js';
import { labelOf, labelIn } from '../../../../contract/enums.js';
import { MAX_FILE_BYTES } from '../../../../contract/files.js';
import { ruleOf } from '../../../../contract/rules.js';
import { TEXT_MAX } from '../../../../contract/limits.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { FileRefusal } from '../../../components/file-refusal.js';
import { autosize } from '../../../lib/autosize.js';
import { currentLang } from '../../../lib/i18n.js';
import { ruleMessage } from '../../../lib/validation-messages.js';
import { useClaimRequiredDocuments } from '../api/claim-reads.js';
import { useApplyClaim, useUploadClaimDocument } from '../api/claim-writes.js';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/gif';

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
          accept={ACCEPT}
          hidden
          aria-label={t('workspace.upload')}
          onChange={(e) => {
            send(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={!canAdd || upload.isPending || commentError !== null}>
          {t('documents.choose')}
        </Button>
      </Stack>
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
