import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router';
import { hasAnyDraft } from '../lib/drafts.js';
import { ConfirmDialog } from './confirm-dialog.js';

export interface LeaveGuardProps {
  /** Something would be lost by leaving now. */
  when: boolean;
  /** Read when navigating: a redirect right after a successful save is not stopped. */
  saved?: RefObject<boolean>;
  title: string;
  text: string;
  /** What leaving to sign out means, when it differs (sign-out erases drafts). */
  signOutText?: string;
  stay: string;
  leave: string;
}

/**
 * The parts of the page that would lose something if it were left now. A router honours one
 * blocker at a time (react-router consults the last one registered), and a page may hold several
 * such parts (a form beside the pages of a document): they register here, and one host asks once.
 */
class Guards {
  private readonly byId = new Map<string, LeaveGuardProps>();
  private readonly listeners = new Set<() => void>();
  private active: readonly LeaveGuardProps[] = [];

  set(id: string, props: LeaveGuardProps | null): void {
    const before = this.byId.get(id);
    if (props && before && (Object.keys(props) as (keyof LeaveGuardProps)[]).every((k) => props[k] === before[k])) return;
    if (props) this.byId.set(id, props);
    else if (!this.byId.delete(id)) return;
    this.active = [...this.byId.values()].filter((p) => p.when);
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getActive = () => this.active;

  /** At the moment of leaving: what would be lost (a form saved a moment ago is not). */
  holding(): LeaveGuardProps[] {
    return this.active.filter((p) => !p.saved?.current);
  }
}

const GuardsContext = createContext<Guards | null>(null);

const SIGN_OUT = '/sign-out';

/**
 * Asks before leaving a page that holds unsaved work: in-app links, the menu, sign-out and the
 * back button (one router blocker), and closing or reloading the tab (the browser's own question).
 * The signed-in shell holds one; every guard on the page speaks through it.
 */
export function LeaveGuardHost({ children }: { children: ReactNode }) {
  const [guards] = useState(() => new Guards());
  const active = useSyncExternalStore(guards.subscribe, guards.getActive);
  // The page drawn: once the router has moved on (the user chose to leave, and the next page is
  // still being drawn), a back button pressed at once is not stopped by the page being left.
  const { pathname } = useLocation();
  // always there, reading the guards when a navigation starts: a blocker added with the first
  // unsaved change would be registered a render later, and a back button pressed at once missed.
  // The session ended (the app goes to sign-in): nothing to ask, the page could not be saved any
  // more, and a form's draft, if it keeps one, waits for its user to sign in again.
  // Signing out erases every draft of the tab (lib/drafts.ts), those of forms on other pages too:
  // with one kept, signing out asks first, wherever it is pressed.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname === pathname &&
      nextLocation.pathname !== pathname &&
      nextLocation.pathname !== '/sign-in' &&
      (guards.holding().length > 0 || (nextLocation.pathname === SIGN_OUT && hasAnyDraft())),
  );
  useEffect(() => {
    if (active.length === 0) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (guards.holding().length > 0) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guards, active]);
  const { t } = useTranslation();
  // the question says what every part would lose (its words stay while the dialog closes); signing
  // out with drafts kept by forms not on this page, that they go
  const [first] = active;
  const signingOut = blocker.location?.pathname === SIGN_OUT;
  const drafts = signingOut && blocker.state === 'blocked' && hasAnyDraft();
  const texts = [...new Set(active.map((p) => (signingOut && p.signOutText ? p.signOutText : p.text)))];
  if (drafts && !active.some((p) => p.signOutText)) texts.push(t('leave.signOutDrafts'));
  const asking = first ?? (drafts ? { title: t('leave.signOutTitle'), stay: t('leave.stay'), leave: t('leave.signOut') } : undefined);
  return (
    <GuardsContext value={guards}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked' && asking !== undefined}
        title={asking?.title ?? ''}
        text={texts.join(' ')}
        cancel={asking?.stay ?? ''}
        confirm={asking?.leave ?? ''}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </GuardsContext>
  );
}

const NO_GUARD: readonly LeaveGuardProps[] = [];
const noSubscription = () => () => undefined;

/**
 * What the page holds that no draft keeps (the pages of a document not sent, a form without a
 * draft), in the words its guard would ask with: what a session's end would lose, said before it
 * comes. Outside a host: nothing.
 */
export function useUnkeptWork(): string[] {
  const guards = useContext(GuardsContext);
  const active = useSyncExternalStore(guards?.subscribe ?? noSubscription, guards?.getActive ?? (() => NO_GUARD));
  return [...new Set(active.filter((p) => !p.signOutText && !p.saved?.current).map((p) => p.text))];
}

/**
 * Registers unsaved work with the page's LeaveGuardHost while `when` holds: leaving then asks
 * first. Outside a host (a piece of the app drawn alone) nothing is guarded.
 */
export function LeaveGuard(props: LeaveGuardProps) {
  const guards = useContext(GuardsContext);
  const id = useId();
  const { when, saved, title, text, signOutText, stay, leave } = props;
  // with the commit that shows the unsaved work, before anything can navigate away
  useLayoutEffect(() => {
    guards?.set(id, { when, saved, title, text, signOutText, stay, leave });
  }, [guards, id, when, saved, title, text, signOutText, stay, leave]);
  useLayoutEffect(() => () => guards?.set(id, null), [guards, id]);
  return null;
}
