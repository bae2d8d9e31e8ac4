import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature of a webhook delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * under the subscription's secret. The timestamp is signed with the body so that a receiver can
 * refuse an old call replayed (it compares `t` with its clock); the body carries the event id for
 * refusing a repeat.
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** A new signing secret: 32 random bytes, prefixed so that it is recognisable in a config file. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
