import type { FleetClient } from '../test/fleet/support/fleet.ts';
import { composeAndSend, SIGNATURE_PNG } from '../test/support/epak-helpers.ts';
import type { TestServer } from '../test/support/test-server.ts';
import { bookedClient, type SoakBook } from './soak-book.ts';

/** An ePak a simulated user knows of: composed by them, or for them to sign. */
interface Known {
  epakId: string;
  documentId: string;
}

export interface SoakUser {
  email: string;
  token: string;
  /** The client address the processes see (one per simulated client). */
  from: string;
  role: 'signer' | 'custodian';
  /** ePaks composed for this signer and not signed yet, oldest first. */
  toSign: Known[];
  /** The last ePaks this user composed or signed, to open again. */
  recent: Known[];
}

const RECENT_KEPT = 20;
/** Words the subjects are made of, and the search looks for. */
const WORDS = ['lease', 'supply', 'loan', 'tender', 'payroll', 'licence', 'merger', 'audit'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const remember = (user: SoakUser, k: Known) => {
  user.recent.push(k);
  if (user.recent.length > RECENT_KEPT) user.recent.shift();
};

/**
 * One simulated user of the web app working through `proxy` until `deadline`: an action, a pause
 * to think (0 to 2 × thinkMs), the next. The mix is the dashboard's: a signer mostly lists its
 * inbox, opens and signs what was composed for it; a custodian lists, searches, opens and
 * composes-and-sends ePaks (one page, one parallel SIGN step with two of the signers).
 */
export async function runSoakUser(
  user: SoakUser,
  ctx: {
    proxy: (from: string) => FleetClient;
    book: SoakBook;
    signers: readonly SoakUser[];
    deadline: number;
    thinkMs: number;
    sequence: () => number;
  },
): Promise<void> {
  const client = ctx.proxy(user.from);
  const as = (kind: string) => bookedClient(client, ctx.book, kind);
  const token = user.token;

  const inbox = () =>
    as('inbox').call('GET', '/v2/epaks', {
      token,
      query: {
        folder: user.role === 'signer' ? pick(['Inbox', 'Inbox', 'Signed']) : pick(['Pending', 'Completed']),
        pg: '1',
        size: '20',
        sort: 'DESC',
        sortColumn: 'modifiedOn',
      },
    });
  const search = () =>
    as('search').call('GET', '/v2/epaks', {
      token,
      query: {
        folder: user.role === 'signer' ? 'Inbox' : 'Pending',
        searchKey: 'all',
        searchVal: pick(WORDS),
      },
    });
  const open = async () => {
    const k = user.recent.length > 0 ? pick(user.recent) : user.toSign[0];
    if (!k) return inbox();
    const detail = await as('open').call('GET', `/v2/epaks/${k.epakId}`, { token });
    if (detail.code !== 1) return;
    await as('download').call('GET', '/v1/document/download', { token, query: { docId: k.documentId } });
  };
  const sign = async () => {
    const k = user.toSign.shift();
    if (!k) return inbox();
    try {
      const res = await as('sign').call('POST', `/v2/epaks/${k.epakId}/documents/${k.documentId}/sign`, {
        token,
        body: { signatureImage: SIGNATURE_PNG },
      });
      // Not signed: try again later (a refusal after a lost answer means it was signed after all).
      if (res.status >= 500) user.toSign.push(k);
      else remember(user, k);
    } catch {
      user.toSign.push(k);
    }
  };
  const compose = async () => {
    const n = ctx.sequence();
    const first = pick(ctx.signers);
    let second = pick(ctx.signers);
    while (second === first) second = pick(ctx.signers);
    const composed = await composeAndSend(
      as('compose') as unknown as TestServer,
      token,
      [{ type: 'SIGN', recipients: [first.email, second.email] }],
      { subject: `Soak ${n} ${pick(WORDS)} ${pick(WORDS)}` },
    );
    const k = { epakId: composed.epakId, documentId: composed.documentId };
    remember(user, k);
    first.toSign.push(k);
    second.toSign.push(k);
  };

  while (Date.now() < ctx.deadline) {
    const r = Math.random();
    try {
      if (user.role === 'signer') {
        if (user.toSign.length > 0 && r < 0.35) await sign();
        else if (r < 0.65) await inbox();
        else if (r < 0.8) await search();
        else await open();
      } else if (r < 0.3) await compose();
      else if (r < 0.6) await inbox();
      else if (r < 0.75) await search();
      else await open();
    } catch {
      // Booked already (a lost connection, or a compose step refused); the user carries on.
    }
    await new Promise((done) => setTimeout(done, Math.random() * 2 * ctx.thinkMs));
  }
}
