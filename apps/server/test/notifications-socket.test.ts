import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { createServer } from '../src/server.ts';
import { composeAndSend } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

interface Message {
  type: string;
  notification?: { notificationType: string; epak: { id: string; subject: string }; title: string };
}

/** A browser-like socket client that keeps every message it receives. */
async function connect(port: number, s: Session | { token: string; tenantId: string | null }) {
  const query = new URLSearchParams({
    access_token: s.token,
    ...(s.tenantId ? { tenant_id: s.tenantId } : {}),
  });
  const socket = new WebSocket(`ws://127.0.0.1:${port}/msbapi/notifications?${query}`);
  const messages: Message[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Message);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  /** Resolves with the first message that matches, waiting for it if needed. */
  async function next(match: (m: Message) => boolean): Promise<Message> {
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return { socket, messages, next, closed };
}

const portOf = (t: { app: { server: { address(): unknown } } }) =>
  (t.app.server.address() as { port: number }).port;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('push notifications', () => {
  it('reach the signer’s open socket when an ePak is sent to them, and nobody else’s', async () => {
    const custodian = await t.signIn('custodian@demo.test');
    const signer = await connect(portOf(t), await t.signIn('signer1@demo.test'));
    const outsiderSession = await t.signIn('admin@other.test');
    const outsider = await connect(portOf(t), outsiderSession);
    await signer.next((m) => m.type === 'ready');
    await outsider.next((m) => m.type === 'ready');

    const e = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Pushed to the signer',
      },
    );
    const pushed = await signer.next((m) => m.type === 'notification');
    expect(pushed.notification).toMatchObject({
      notificationType: 'signRequest',
      epak: { id: e.epakId, subject: 'Pushed to the signer' },
    });

    // The outsider's own next notification arrives after the signer's: had the signer's reached
    // them, it would be there first.
    await composeAndSend(t, outsiderSession.token, [{ type: 'SIGN', recipients: ['admin@other.test'] }], {
      subject: 'Their own',
    });
    await outsider.next((m) => m.type === 'notification');
    expect(
      outsider.messages.filter((m) => m.type === 'notification').map((m) => m.notification?.epak.subject),
    ).toEqual(['Their own']);
    signer.socket.close();
    outsider.socket.close();
  });

  it('refuse a socket without a valid token', async () => {
    const stranger = await connect(portOf(t), { token: 'not-a-token', tenantId: null });
    expect(await stranger.closed).toBe(4003);
  });

  it('cross server processes: a notification stored through one server reaches a socket on another', async () => {
    // With PostgreSQL the second server has its own connections (as another process would); the
    // embedded database cannot be shared between processes, so there both servers use one handle.
    const url = (t.db as Database & { url?: string }).url;
    const db2 = url ? await openDatabase({ kind: 'postgres', url, poolSize: 2 }) : t.db;
    const second = await createServer({
      config: {
        ...loadConfig({ SIGNET_DEMO: '0', DATA_DIR: await mkdtemp(join(tmpdir(), 'signet-second-')) }),
        webDistDir: '/nonexistent',
      },
      db: db2,
      clock: t.clock,
      logger: false,
    });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const signer = await connect(portOf(second), await t.signIn('signer2@demo.test'));
      await signer.next((m) => m.type === 'ready');
      const custodian = await t.signIn('custodian@demo.test');
      const e = await composeAndSend(
        t,
        custodian.token,
        [{ type: 'SIGN', recipients: ['signer2@demo.test'] }],
        {
          subject: 'Across processes',
        },
      );
      const pushed = await signer.next((m) => m.type === 'notification');
      expect(pushed.notification?.epak.id).toBe(e.epakId);
      signer.socket.close();
    } finally {
      await second.close();
      if (db2 !== t.db) await db2.close();
    }
  });
});
