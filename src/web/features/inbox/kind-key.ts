import type { InboxKind } from '../../../contract/inbox.js';

/** An inbox kind as the catalogues name it: "claim.months" → "claim_months" (a dot would nest the key). */
export type KindKey<K extends InboxKind> = K extends `${infer A}.${infer B}` ? `${A}_${B}` : never;
export const kindKey = <K extends InboxKind>(kind: K): KindKey<K> => kind.replace('.', '_') as KindKey<K>;
