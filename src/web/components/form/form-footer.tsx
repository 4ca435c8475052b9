import Stack from '@mui/material/Stack';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online.js';
import { ErrorAlert } from '../error-alert.js';
import { LeaveGuard } from '../leave-guard.js';
import { SubmitButton } from './submit-button.js';

interface Props {
  error: unknown;
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** Unsaved changes: leaving asks first. */
  dirty: boolean;
  saved: RefObject<boolean>;
  /** The form keeps a draft: leaving loses nothing (signing out does, it erases drafts). */
  draft?: boolean;
}

/** The end of a form: the refusal (catalogue message), the submit button, the leave guard. */
export function FormFooter({ error, pending, label, pendingLabel, dirty, saved, draft = false }: Props) {
  const { t } = useTranslation();
  // offline, a write waits for the network (and goes when it returns): the button says what it waits for
  const online = useOnline();
  return (
    <>
      {error ? <ErrorAlert error={error} /> : null}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <SubmitButton pending={pending} label={label} pendingLabel={online ? pendingLabel : t('network.pending')} size="large" />
      </Stack>
      <LeaveGuard
        when={dirty}
        saved={saved}
        title={t(draft ? 'leave.titleDraft' : 'leave.title')}
        text={t(draft ? 'leave.textDraft' : 'leave.text')}
        signOutText={draft ? t('leave.textSignOut') : undefined}
        stay={t('leave.stay')}
        leave={t('leave.leave')}
      />
    </>
  );
}
