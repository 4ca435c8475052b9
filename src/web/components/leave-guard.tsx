import { useEffect, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.js';

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
  // the session ended (the app goes to sign-in): nothing to ask, the page could not be saved any more
  // and the form's draft, if it keeps one, waits for its user to sign in again
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !saved.current && currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== '/sign-in',
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
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={title}
      text={signOutText && blocker.location?.pathname === '/sign-out' ? signOutText : text}
      cancel={stay}
      confirm={leave}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
