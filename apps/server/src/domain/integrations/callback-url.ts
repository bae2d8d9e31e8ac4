import { Code } from '@signet/contracts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';

/**
 * A callback URL a tenant user sets (compose, an OAuth client, a webhook) is refused at once (-6) when its
 * host is, or resolves to, an address Signet does not call; the call itself checks again.
 */
export async function requireCallableUrl(
  url: string | null | undefined,
  deps: Deps,
  what = 'callback URL',
): Promise<void> {
  if (!url) return;
  const verdict = await deps.outbound.checkUrl(url);
  if (verdict === 'not-http')
    throw new AppError(Code.INVALID_INPUT, `The ${what} must be an http or https URL`);
  if (verdict === 'address-not-allowed')
    throw new AppError(
      Code.INVALID_INPUT,
      `The ${what} points to a loopback, private, link-local or reserved address, which Signet does not call`,
    );
}
