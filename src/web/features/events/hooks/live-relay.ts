import { z } from 'zod';
import { UnreadCountSchema } from '../../../../contract/follows.js';
import { PartnerEventSchema } from '../../../../contract/session.js';

/**
 * What the tab that streams tells the other tabs of the browser: each event, the reader's unread
 * count when it changes, the partner's today moving, and a heartbeat with
 * the stream's state and the last event it had. Each names the user it was streamed for.
 */
const RelaySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), owner: z.string(), event: PartnerEventSchema }),
  // the reader's unread notifications, as the stream's `notifications` event says it
  z.object({ kind: z.literal('notifications'), owner: z.string(), count: UnreadCountSchema }),
  // the partner's today moved (the stream's `today` event): every tab reads its data again
  z.object({ kind: z.literal('today'), owner: z.string() }),
  z.object({ kind: z.literal('beat'), owner: z.string(), state: z.enum(['connecting', 'open', 'reconnecting']), seq: z.number().int() }),
]);
export type Relay = z.infer<typeof RelaySchema>;

export function parseRelay(raw: unknown): Relay | null {
  const parsed = RelaySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A channel of this tab's own (a BroadcastChannel never delivers to the object that posts); null without BroadcastChannel. */
export const relayChannel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('pd.live-events');
