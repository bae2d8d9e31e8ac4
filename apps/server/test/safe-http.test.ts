import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, parseOutboundAllow } from '../src/adapters/http/address-rules.ts';
import {
  createOutboundClient,
  type HostResolver,
  isOutboundRefused,
} from '../src/adapters/http/safe-http.ts';

/**
 * The outbound client on its own (issue 17, point 5): which addresses it refuses, the
 * installation's allow-list, and what it does on the wire. The server suites drive it through
 * callbacks and sealing (outbound-requests.test.ts). Only loopback is ever connected to.
 */

const none = parseOutboundAllow('');

describe('addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '::',
    '0.0.0.0',
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '169.254.169.254',
    'fe80::1',
    'fd00::1',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
  ])('%s is refused', (address) => {
    expect(addressAllowed(address, none)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is a public address and allowed',
    (address) => {
      expect(addressAllowed(address, none)).toBe(true);
    },
  );

  it('the allow-list opens addresses, ranges and exact host names, and nothing else', () => {
    const allow = parseOutboundAllow(' 127.0.0.1, 10.0.0.0/8 ,Intranet.Example.,[::1]');
    expect([...allow.hosts]).toEqual(['intranet.example']);
    expect(
      ['127.0.0.1', '::ffff:127.0.0.1', '10.200.0.1', '::1', '127.0.0.2', '192.168.0.1'].map((a) =>
        addressAllowed(a, allow),
      ),
    ).toEqual([true, true, true, true, false, false]);
  });

  it.each(['10.0.0.0/33', 'two words', 'http://intranet', '1.2.3.4/8/9', 'host/24'])(
    'the allow-list entry "%s" stops the start',
    (entry) => {
      expect(() => parseOutboundAllow(entry)).toThrow(/SIGNET_OUTBOUND_ALLOW/);
    },
  );
});

describe('the client', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/inside` });
        res.end();
      } else if (req.url === '/large') {
        res.end(Buffer.alloc(2048));
      } else {
        res.end(`${req.method} ${req.url}`);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answering =
    (...addresses: string[]): HostResolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('refuses a loopback address and a name resolving to one, before any connection', async () => {
    const client = createOutboundClient({ allow: none, resolve: answering('127.0.0.1') });
    const before = seen.length;
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      `http://[::ffff:7f00:1]:${port}/x`,
      `http://intra:${port}/x`,
    ]) {
      const error = await client.fetch(url).catch((e: unknown) => e);
      expect([url, isOutboundRefused(error)]).toEqual([url, true]);
    }
    expect(seen.length).toBe(before);
    expect(await client.checkUrl(`http://intra:${port}/x`)).toBe('address-not-allowed');
    expect(await client.checkUrl('ftp://example.org/x')).toBe('not-http');
  });

  it('refuses a name with any refused address among public ones', async () => {
    const client = createOutboundClient({ allow: none, resolve: answering('93.184.216.34', '10.0.0.7') });
    expect(await client.checkUrl('https://mixed.example/x')).toBe('address-not-allowed');
    expect(
      isOutboundRefused(await client.fetch(`http://mixed.example:${port}/x`).catch((e: unknown) => e)),
    ).toBe(true);
  });

  it('checks the name again when it connects: a public answer at set time does not open loopback later', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const client = createOutboundClient({
      allow: none,
      resolve: async () => (answers.shift() ?? []).map((address) => ({ address, family: 4 })),
    });
    expect(await client.checkUrl(`http://rebind.example:${port}/x`)).toBe('ok');
    const before = seen.length;
    expect(
      isOutboundRefused(await client.fetch(`http://rebind.example:${port}/x`).catch((e: unknown) => e)),
    ).toBe(true);
    expect(seen.length).toBe(before);
  });

  it('calls allow-listed loopback, sends the body and does not follow redirects', async () => {
    const client = createOutboundClient({
      allow: parseOutboundAllow('127.0.0.1'),
      resolve: answering('127.0.0.1'),
    });
    const res = await client.fetch(`http://on-premises:${port}/post`, { method: 'POST', body: 'x' });
    expect([res.status, await res.text()]).toEqual([200, 'POST /post']);
    const redirected = await client.fetch(`http://127.0.0.1:${port}/redirect`);
    expect([redirected.status, redirected.headers.get('location')]).toEqual([
      302,
      `http://127.0.0.1:${port}/inside`,
    ]);
    expect(seen).not.toContain('/inside');
  });

  it('fails an answer larger than its cap', async () => {
    const client = createOutboundClient({ allow: parseOutboundAllow('127.0.0.1'), maxBodyBytes: 1024 });
    await expect(client.fetch(`http://127.0.0.1:${port}/large`)).rejects.toThrow(/larger than 1024/);
    expect((await client.fetch(`http://127.0.0.1:${port}/small`)).status).toBe(200);
  });
});
