import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { inboxKey, type InboxItem } from '../../../../contract/inbox.js';
import { InboxItemView } from './inbox-item-view.js';

/** The items of one area (claims or projects), or a plain sentence when there is nothing to do. */
export function InboxSection({ items, label, empty }: { items: InboxItem[]; label: string; empty: string }) {
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List aria-label={label} dense>
      {items.map((item) => (
        <InboxItemView key={inboxKey(item)} item={item} />
      ))}
    </List>
  );
}
