import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { hasAnyDraft } from '../../../lib/drafts.js';
import { useUnkeptWork } from '../../../components/leave-guard.js';
import { checkExpiry, noteActivity, stayActive } from '../lib/activity.js';
import { endOf, onClockChange, readClock, warnAtOf } from '../lib/session-clock.js';

/** What the person does in the page: each is activity (reported at most once a minute). */
const INPUTS = ['keydown', 'pointerdown', 'wheel', 'input'] as const;
/** Keys that move between the warning's buttons (or only modify another key): no answer to it. */
const MOVING_KEYS = new Set(['Tab', 'Shift', 'Alt', 'Control', 'Meta', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
/** After a check that found the session alive, the next one waits at least this long. */
const RECHECK_MS = 5_000;
/** A check that could not reach the server is tried again after this long. */
const RETRY_MS = 30_000;

/**
 * The session's life seen from a signed-in tab. What the person does here (a navigation, a key, a
 * tap, the wheel) is reported to the server as activity; the app's background reads are not. Every
 * tab knows when the session ends (the shared clock), and two minutes before it each one warns;
 * "stay" (in any tab) reports activity, which moves the clock for every tab, so each one's warning
 * goes. When the countdown ends, the tab asks the server (a read): a session that has ended answers
 * 401, and the app goes to sign-in saying why (session-loss.ts), the tab's drafts kept for its user.
 *
 * The warning is an alert dialog that takes the focus to "stay". It opens only when nobody has done
 * anything in any tab of the session for the idle limit but two minutes (what is done is told to the
 * server within a minute), so it does not come while someone types; a key or a tap outside it is
 * activity that closes it, in every tab, and the focus goes back where it was. Escape means "stay".
 */
export function SessionTimeout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const clock = useSyncExternalStore(onClockChange, readClock, () => null);
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const [failed, setFailed] = useState(false);
  // whether this tab keeps a draft (the warning then says what is typed is not lost)
  const [kept, setKept] = useState(false);
  const unkept = useUnkeptWork();
  // the end of the absolute limit the person has acknowledged (that warning cannot be answered by staying)
  const [acknowledged, setAcknowledged] = useState<number | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const stayButton = useRef<HTMLButtonElement>(null);
  const lastCheck = useRef(0);

  useEffect(() => {
    const onInput = (e: Event) => {
      // inside the warning its buttons answer it, and moving between them is not "stay"; someone
      // typing (the dialog came as they started) is there: that is activity, which closes it
      const inside = e.target instanceof Node && dialog.current?.contains(e.target);
      if (inside && !(e instanceof KeyboardEvent && !MOVING_KEYS.has(e.key))) return;
      noteActivity();
    };
    // a tab back in front: its timers may have slept, look at the clock again
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    INPUTS.forEach((name) => window.addEventListener(name, onInput, { capture: true, passive: true }));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      INPUTS.forEach((name) => window.removeEventListener(name, onInput, { capture: true }));
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // a navigation (and the page's first load, or a reload) is the person's doing
  const { pathname, search } = useLocation();
  useEffect(() => noteActivity(), [pathname, search]);

  useEffect(() => {
    if (!clock) return undefined;
    const end = endOf(clock);
    const warnAt = warnAtOf(clock);
    const at = (delay: number, f: () => void) => {
      const timer = setTimeout(f, Math.max(0, delay));
      return () => clearTimeout(timer);
    };
    const t0 = Date.now();
    if (t0 < warnAt)
      return at(warnAt - t0, () => {
        setKept(hasAnyDraft());
        setFailed(false);
        setNow(Date.now());
      });
    // the warning's minutes, each time one passes
    if (t0 < end) return at((end - t0) % 60_000 || 60_000, () => setNow(Date.now()));
    // the countdown is over: the server decides (a 401 takes the app to sign-in)
    let live = true;
    const stop = at(lastCheck.current + RECHECK_MS - t0, () => {
      lastCheck.current = Date.now();
      void checkExpiry().then((alive) => {
        if (!live || alive) return;
        // the server could not be reached: asked again later
        lastCheck.current = Date.now() + RETRY_MS - RECHECK_MS;
        setNow(Date.now());
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [clock, now]);

  if (!clock) return null;
  const end = endOf(clock);
  const max = clock.endsAt <= clock.idleEndsAt;
  const open = now >= warnAtOf(clock) && !(max && acknowledged === clock.endsAt);
  const minutes = Math.max(1, Math.ceil((end - now) / 60_000));
  const stay = () => {
    if (max) {
      setAcknowledged(clock.endsAt);
      return;
    }
    setStaying(true);
    setFailed(false);
    void stayActive().then((alive) => {
      setStaying(false);
      setFailed(!alive);
    });
  };
  return (
    <Dialog
      ref={dialog}
      open={open}
      onClose={stay}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // over another dialog (the search, a confirmation), that one's focus trap may take the focus back
      // while this one opens: once open, this one is the top dialog and keeps it
      slotProps={{ paper: { role: 'alertdialog' }, transition: { onEntered: () => stayButton.current?.focus() } }}
    >
      <DialogTitle id={`${id}-title`}>{t(max ? 'sessionTimeout.maxTitle' : 'sessionTimeout.idleTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {t(max ? 'sessionTimeout.maxText' : 'sessionTimeout.idleText', { count: minutes })}{' '}
          {kept && !max ? t('sessionTimeout.kept') : null}
        </DialogContentText>
        {/* what no draft keeps (the pages of a document not sent yet): the end of the session loses it */}
        {unkept.length > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('sessionTimeout.unkept')} {unkept.join(' ')}
          </Alert>
        ) : null}
        {failed ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('sessionTimeout.failed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {/* the app's own sign-out (its page signs out only when asked so, as the header's button does) */}
        <Button onClick={() => void navigate('/sign-out', { state: { signOut: true } })}>{t('sessionTimeout.signOut')}</Button>
        <Button ref={stayButton} variant="contained" onClick={stay} disabled={staying} autoFocus>
          {max ? t('sessionTimeout.understood') : staying ? t('sessionTimeout.staying') : t('sessionTimeout.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
