import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';

interface Props {
  when: boolean;
  /** Read when navigating: a redirect right after a successful save is not stopped. */
  saved: RefObject<boolean>;
  title: string;
  text: string;
  /** What leaving to sign out means, when it differs (sign-out erases drafts). */
  signOutText?: string;
  stay: string;
  leave: string;
}

/** Asks before leaving a page with unsaved changes (in-app navigation and closing the tab). */
export function LeaveGuard({ when, saved, title, text, signOutText, stay, leave }: Props) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!saved.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, saved]);
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="leave-title">
      <DialogTitle id="leave-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{signOutText && blocker.location?.pathname === '/sign-out' ? signOutText : text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {stay}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
