import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROJECT_STATUSES, labelOf, CLAIM_DOCUMENT_TYPES, PROJECT_DOCUMENT_TYPES } from '../../../../contract/enums.js';
import { inboxHref, type InboxLine } from '../../../../contract/inbox.js';
import { formatDate, formatMonth } from '../../../lib/dates.js';
import { useLang } from '../../../lib/i18n.js';
import { kindKey } from '../kind-key.js';
import { reminderHref } from '../reminder.js';

/** What the line is about (its first sentence), what else is due there, and the label of its link. */
function useWords(line: InboxLine): { main: string; late: boolean; also: string[]; action: string } {
  const { t } = useTranslation();
  const lang = useLang();
  if (line.area === 'claim') {
    const months = line.months
      ? `${t('inbox.months', { count: line.months.count, oldest: formatMonth(line.months.oldest, lang) })}, ${t('inbox.late', { count: line.months.daysLate })}`
      : null;
    const receipts = line.receipts
      ? t('inbox.receipts', { count: line.receipts.count, oldest: formatMonth(line.receipts.oldest, lang) })
      : null;
    const documents = line.documents
      ? t('inbox.documents', { list: line.documents.missing.map((d) => labelOf(CLAIM_DOCUMENT_TYPES, d, lang)).join(', ') })
      : null;
    const main = { 'claim.months': months, 'claim.receipts': receipts, 'claim.documents': documents }[line.kind] ?? '';
    return {
      main,
      // red once the rent has been due for a day or more: what the line's own words say
      late: line.kind === 'claim.months' && (line.months?.daysLate ?? 0) > 0,
      also: [months, receipts, documents].filter((x): x is string => x !== null && x !== main),
      action: t(`inbox.action.${kindKey(line.kind)}`, { month: line.months ? formatMonth(line.months.oldest, lang) : '' }),
    };
  }
  switch (line.kind) {
    case 'project.documents':
      return {
        main:
          line.missing.length > 0
            ? t('inbox.projectDocuments', { list: line.missing.map((d) => labelOf(PROJECT_DOCUMENT_TYPES, d, lang)).join(', ') })
            : t('inbox.projectDocumentsReady'),
        late: false,
        also: line.rejectionReason ? [t('inbox.rejected', { reason: line.rejectionReason })] : [],
        action: t(line.missing.length > 0 ? 'inbox.action.project_documents' : 'inbox.action.project_documentsReady'),
      };
    case 'project.rent':
      return { main: t('inbox.rent', { count: line.days }), late: false, also: [], action: t('inbox.action.project_rent') };
    case 'project.waiting':
      return {
        main: t('inbox.waiting', {
          what: t(`inbox.waitingOn.${line.status}`, { defaultValue: labelOf(PROJECT_STATUSES, line.status, lang) }),
          count: line.days,
        }),
        late: true,
        also: [],
        action: t('inbox.action.project_waiting'),
      };
    case 'project.ending':
      return {
        main: t('inbox.ending', { date: formatDate(line.since, lang) }),
        late: false,
        also: [],
        action: t('inbox.action.project_ending'),
      };
  }
}

/**
 * One claim or project: who, everything due there, a link to the oldest thing to do and, when a
 * project waits on the tenant or the owner, a prepared e-mail that says whom it goes to.
 */
export function InboxLineView({ line, sender }: { line: InboxLine; sender: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const describedBy = useId();
  const { main, late, also, action } = useWords(line);
  const tenant = `${line.tenant.firstName} ${line.tenant.lastName}`;
  const mail = line.area === 'project' ? reminderHref(line, t, lang, sender) : null;
  const reminder = line.area === 'project' ? line.reminder : null;
  return (
    <ListItem
      divider
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: { xs: 1, sm: 2 },
        px: { xs: 0, sm: 2 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography sx={{ fontWeight: 600 }}>{tenant}</Typography>
        {line.assignee ? (
          <Typography variant="body2" color="text.secondary">
            {t('inbox.lookedAfterBy', { name: line.assignee.name })}
          </Typography>
        ) : null}
        <Typography color={late ? 'error' : 'text.primary'}>{main}</Typography>
        {also.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('inbox.also', { list: also.join(' · ') })}
          </Typography>
        ) : null}
        {mail && reminder ? (
          <Typography id={describedBy} variant="body2" color="text.secondary">
            {t(reminder.to === 'tenant' && reminder.publicUrl ? 'inbox.remindToTenant' : 'inbox.remindTo', {
              name: `${reminder.firstName} ${reminder.lastName}`,
              email: reminder.email,
            })}
          </Typography>
        ) : null}
      </Box>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0, justifyContent: { sm: 'flex-end' } }}>
        {mail ? (
          <Button href={mail} size="small" variant="outlined" startIcon={<MailOutlineIcon />} aria-describedby={describedBy}>
            {t('inbox.remind')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={inboxHref(line)}
          variant={mail ? 'text' : 'outlined'}
          size="small"
          aria-label={t('inbox.linkLabel', { action, tenant })}
        >
          {action}
        </Button>
      </Stack>
    </ListItem>
  );
}
