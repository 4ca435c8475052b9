import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { RENTAL_DEBT_STATUSES, labelOf } from '../../../../contract/enums.js';
import { errorMessage } from '../../../lib/error-messages.js';
import { formatMonth } from '../../../lib/dates.js';
import { currentLang } from '../../../lib/i18n.js';
import { outcomeUnknown, type RowOutcome } from '../use-round-sender.js';

/** A row's state: to declare, being sent, declared (the partner's new status per month) or refused (the error in words). */
export function RoundOutcome({ outcome }: { outcome: RowOutcome | undefined }) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (!outcome) return <Chip size="small" label={t('round.state.todo')} sx={{ alignSelf: 'flex-start' }} />;
  const unknown = outcome.phase === 'error' && outcomeUnknown(outcome.error);
  const label =
    outcome.phase === 'sending'
      ? t('round.state.sending')
      : outcome.phase === 'done'
        ? t('round.state.done')
        : t(unknown ? 'round.state.unknown' : 'round.state.error');
  const color = outcome.phase === 'done' ? 'success' : outcome.phase === 'error' ? (unknown ? 'warning' : 'error') : 'info';
  return (
    <div className="round-col" role="status">
      <Chip size="small" color={color} label={label} />
      {outcome.declared.map((d) => (
        <span key={d.rentDueDate} className="round-caption round-plain">
          {t('round.declared', { month: formatMonth(d.rentDueDate, lang), status: labelOf(RENTAL_DEBT_STATUSES, d.status, lang) })}
        </span>
      ))}
      {outcome.phase === 'error' ? (
        <span className={unknown ? 'round-caption round-warn' : 'round-caption round-late'}>
          {unknown
            ? t('round.maybe')
            : t('round.failed', { month: formatMonth(outcome.month, lang), message: errorMessage(outcome.error, lang) })}
        </span>
      ) : null}
    </div>
  );
}
