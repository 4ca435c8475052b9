import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: ReactNode;
  text: ReactNode;
  /** The safe choice: focused first, also what Escape and a click outside mean. */
  cancel: string;
  confirm: string;
  /** The confirm button's colour: `error` for what cannot be undone, `warning` for what moves on. */
  tone?: 'error' | 'warning';
  /** Keeps the confirm button disabled (e.g. the same action is already on its way). */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /**
   * Where the focus goes once the dialog has closed, instead of back to what opened it (the
   * field to correct, say): called when it is gone.
   */
  returnFocus?: () => void;
}

/**
 * Asks before an action that cannot be taken back. Answers once per opening: a second click on
 * either button while the dialog fades out (or before React has re-rendered) does nothing.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  cancel,
  confirm,
  tone = 'error',
  busy = false,
  onCancel,
  onConfirm,
  returnFocus,
}: Props) {
  const id = useId();
  const answered = useRef(false);
  // re-armed each time the dialog opens, before it is painted (so before any click can reach it)
  useLayoutEffect(() => {
    if (open) answered.current = false;
  }, [open]);
  const once = (f: () => void) => () => {
    if (answered.current || !open) return;
    answered.current = true;
    f();
  };
  return (
    <Dialog
      open={open}
      onClose={once(onCancel)}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      disableRestoreFocus={returnFocus !== undefined}
      slotProps={returnFocus ? { transition: { onExited: returnFocus } } : undefined}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={once(onCancel)} autoFocus>
          {cancel}
        </Button>
        <Button color={tone} disabled={busy} onClick={once(onConfirm)}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
