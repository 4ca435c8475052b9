import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RENTAL_DEBT_STATUSES, RentalDebtStatus, labelOf } from '../../../../contract/enums.js';
import { errorMessage } from '../../../lib/error-messages.js';
import { formatMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { NotRecorded, outcomeUnknown, type RowOutcome } from '../use-round-sender.js';

/**
 * A row's state: to declare, being sent, declared (the partner's new status per month), declared
 * but blocked as late (what it means and what to do), not recorded after a lost answer (to retry),
 * or refused (the error in words). It takes
 * the focus once its row is declared (tabIndex -1), so the user hears how it went.
 */
export function RoundOutcome({
  outcome,
  claimId,
  focusHere,
}: {
  outcome: RowOutcome | undefined;
  claimId: string;
  /** Given when the user is taken to this result: its ref, which focuses it once drawn. */
  focusHere?: ((el: HTMLElement | null) => void) | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!outcome) return <Chip size="small" label={t('round.state.todo')} sx={{ alignSelf: 'flex-start' }} />;
  const unknown = outcome.phase === 'error' && outcomeUnknown(outcome.error);
  const notRecorded = outcome.phase === 'error' && outcome.error instanceof NotRecorded;
  const blocked = outcome.declared.some((d) => d.status === RentalDebtStatus.BlockedLateDeclaration);
  const label =
    outcome.phase === 'sending'
      ? t('round.state.sending')
      : outcome.phase === 'done'
        ? t(blocked ? 'round.state.blocked' : 'round.state.done')
        : t(unknown ? 'round.state.unknown' : notRecorded ? 'round.state.notRecorded' : 'round.state.error');
  const color =
    outcome.phase === 'done' ? (blocked ? 'warning' : 'success') : outcome.phase === 'error' ? (unknown ? 'warning' : 'error') : 'info';
  return (
    <Stack
      spacing={0.5}
      sx={{ alignItems: 'flex-start', maxWidth: 360 }}
      role="status"
      tabIndex={-1}
      data-round-result={claimId}
      ref={focusHere}
    >
      <Chip size="small" color={color} label={label} />
      {outcome.declared.map((d) => (
        <Typography key={d.rentDueDate} variant="caption">
          {t('round.declared', { month: formatMonth(d.rentDueDate, lang), status: labelOf(RENTAL_DEBT_STATUSES, d.status, lang) })}
        </Typography>
      ))}
      {blocked ? (
        <Typography variant="caption" color="text.secondary">
          {t('round.blockedHelp')}{' '}
          <Link component={RouterLink} to={`/claims/${claimId}`}>
            {t('round.openClaim')}
          </Link>
        </Typography>
      ) : null}
      {outcome.phase === 'error' ? (
        <Typography variant="caption" color={unknown ? 'warning.main' : 'error'}>
          {unknown
            ? t('round.maybe')
            : notRecorded
              ? t('round.notRecorded', { month: formatMonth(outcome.month, lang) })
              : t('round.failed', { month: formatMonth(outcome.month, lang), message: errorMessage(outcome.error, lang) })}
        </Typography>
      ) : null}
    </Stack>
  );
}
