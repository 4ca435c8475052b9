import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { inboxKey, type InboxItem } from '../../../../contract/inbox.js';
import { Section } from '../../../components/section.js';
import { InboxItemView } from './inbox-item-view.js';

/** One area of the inbox (claims or projects): its items, a plain sentence when there is nothing to do, a skeleton while loading. */
export function InboxSection({
  items,
  label,
  empty,
  pending,
}: {
  items: InboxItem[] | undefined;
  label: string;
  empty: string;
  pending: boolean;
}) {
  return (
    <Section title={items ? `${label} (${items.length})` : label}>
      {items && items.length === 0 ? <Typography color="text.secondary">{empty}</Typography> : null}
      {items && items.length > 0 ? (
        <List aria-label={label} dense>
          {items.map((item) => (
            <InboxItemView key={inboxKey(item)} item={item} />
          ))}
        </List>
      ) : null}
      {!items && pending ? <Skeleton variant="rounded" height={120} /> : null}
    </Section>
  );
}
