import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/lazy-part.js';
import { controlTotal } from '../round-rows.js';
import type { RowJob } from '../use-round-sender.js';

// the control total's dialog (MUI's Dialog) comes when the checked rows are first sent, not with the page
const RoundConfirm = lazyPart(async () => (await import('./round-confirm.js')).RoundConfirm);

/**
 * Below the rows: "declare the checked rows" and the control total's dialog it opens. The dialog's
 * state is its own, so that opening and closing it draws this bar and the dialog, not the round's rows.
 */
export function RoundDeclareBar({
  count,
  invalidCount,
  jobsOfChecked,
  onConfirm,
}: {
  /** The checked rows with a month to declare. */
  count: number;
  /** Rows whose fields are in error. */
  invalidCount: number;
  /** The checked rows' jobs, or null when a row is to correct first (the user is taken there). */
  jobsOfChecked: () => RowJob[] | null;
  /** The control total confirmed: the jobs go. */
  onConfirm: (jobs: RowJob[]) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<RowJob[] | null>(null);
  // the dialog stays once drawn, so it closes with its transition
  const [asked, setAsked] = useState(false);
  // the dialog opens in a transition: the tap answers at once (its button says it is busy while the
  // dialog's code comes the first time), and the page stays as it is until the dialog is drawn
  const [opening, startOpening] = useTransition();
  const declareChecked = () => {
    const jobs = jobsOfChecked();
    if (jobs && jobs.length > 0)
      startOpening(() => {
        setConfirming(jobs);
        setAsked(true);
      });
  };
  const total = confirming ? controlTotal(confirming.flatMap((j) => j.bodies)) : null;
  return (
    <>
      <Stack
        direction="row"
        spacing={2}
        sx={{
          alignItems: 'center',
          flexWrap: 'wrap',
          rowGap: 1,
          // kept in view below the rows while the user ticks them, with its count
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          py: 1.5,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {/* busy while the dialog comes, not disabled: the focus stays on it, and goes back to it when the dialog closes */}
        <Button
          variant="contained"
          disabled={count === 0}
          aria-busy={opening || undefined}
          endIcon={opening ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={declareChecked}
        >
          {count === 0 ? t('round.declareCheckedNone') : t('round.declareChecked', { count })}
        </Button>
        <Typography role="alert" variant="body2" color="error">
          {invalidCount > 0 ? t('round.invalidRows', { count: invalidCount }) : ''}
        </Typography>
      </Stack>
      {/* its place is kept from the start (not its code), so that opening it waits for the code with the page as it is */}
      <RoundConfirm
        fallback={null}
        when={asked}
        total={total}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const jobs = confirming;
          setConfirming(null);
          if (jobs) onConfirm(jobs);
        }}
      />
    </>
  );
}
