import { Webhook } from 'standardwebhooks';

/**
 * The headers of one Standard Webhooks delivery: what the sandbox sends with each event and what
 * the server's receiver checks (the tests and the replicas bench sign theirs the same way).
 */
export function webhookHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
