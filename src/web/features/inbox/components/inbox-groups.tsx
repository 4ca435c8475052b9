import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inboxKey, type InboxKind, type InboxLine } from '../../../../contract/inbox.js';
import { kindKey } from '../kind-key.js';
import { Section } from '../../../components/section.js';
import { InboxLineView } from './inbox-line-view.js';

/** A page of lines under their group's title and count (the server sends them grouped, in order). */
export function InboxGroups({ lines, counts, sender }: { lines: readonly InboxLine[]; counts: Record<InboxKind, number>; sender: string }) {
  const { t } = useTranslation();
  const groups: { kind: InboxKind; lines: InboxLine[] }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last?.kind === line.kind) last.lines.push(line);
    else groups.push({ kind: line.kind, lines: [line] });
  }
  return (
    <>
      {groups.map((g) => {
        const title = `${t(`inbox.group.${kindKey(g.kind)}`)} (${counts[g.kind]})`;
        return (
          <Section key={g.kind} title={title}>
            {g.kind === 'claim.months' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('inbox.monthsHelp')}
              </Typography>
            ) : null}
            <List aria-label={title} disablePadding>
              {g.lines.map((line) => (
                <InboxLineView key={inboxKey(line)} line={line} sender={sender} />
              ))}
            </List>
          </Section>
        );
      })}
    </>
  );
}
