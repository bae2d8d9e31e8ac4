import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeGraph, startFakeGraph } from '../../apps/server/test/support/fake-graph.ts';

/**
 * A fake Microsoft for the OneDrive journey, on the port the server was told about: sign-in
 * (`/{tenant}/oauth2/v2.0/authorize` answers at once with a code; `/token` exchanges it, with
 * CORS, checking the PKCE verifier), a File Picker page speaking the v8 protocol (form POST with
 * the token, `initialize` with a MessagePort, `authenticate`, then `pick` with the chosen items)
 * and Graph (apps/server/test/support/fake-graph.ts).
 */
export async function startFakeOneDrive(origin: string): Promise<FakeGraph> {
  const port = Number(new URL(origin).port);
  const challenges = new Map<string, string>();
  let graph: FakeGraph | null = null;
  const readBody = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((done) => {
      let text = '';
      req.on('data', (c: Buffer) => {
        text += c.toString();
      });
      req.on('end', () => done(new URLSearchParams(text)));
    });
  const extra = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname.endsWith('/oauth2/v2.0/authorize')) {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      res.end();
      return true;
    }
    if (url.pathname.endsWith('/oauth2/v2.0/token')) {
      const cors = { 'access-control-allow-origin': req.headers.origin ?? '*' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...cors, 'access-control-allow-headers': 'content-type' });
        res.end();
        return true;
      }
      const form = await readBody(req);
      const { createHash } = await import('node:crypto');
      const expected = challenges.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const ok =
        form.get('grant_type') === 'refresh_token' ||
        (expected !== undefined && createHash('sha256').update(verifier).digest('base64url') === expected);
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json', ...cors });
      res.end(
        JSON.stringify(
          ok
            ? {
                access_token: graph?.token,
                refresh_token: 'fake-refresh',
                token_type: 'Bearer',
                expires_in: 3600,
              }
            : { error: 'invalid_grant' },
        ),
      );
      return true;
    }
    if (url.pathname === '/picker' && req.method === 'POST') {
      const form = await readBody(req);
      const settings = url.searchParams.get('filePicker') ?? '{}';
      const files = [...(graph?.items.entries() ?? [])].filter(([, item]) => !item.folder);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pickerPage(settings, form.get('access_token') === graph?.token, files));
      return true;
    }
    return false;
  };
  graph = await startFakeGraph({ port, extra });
  return graph;
}

function pickerPage(settings: string, tokenOk: boolean, files: [string, { name: string; size?: number }][]) {
  const buttons = files
    .map(
      ([id, f]) =>
        `<li><button type="button" data-id="${id}" data-name="${f.name}" disabled>Pick ${f.name}</button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><title>Fake OneDrive picker</title></head><body>
<main><h1>OneDrive</h1><p id="status">${tokenOk ? 'Connecting…' : 'No token was posted'}</p><ul>${buttons}</ul></main>
<script>
const settings = ${JSON.stringify(settings)};
const options = JSON.parse(settings);
const channel = new MessageChannel();
const port = channel.port1;
port.onmessage = (event) => {
  const m = event.data;
  if (m.type === 'activate') {
    port.postMessage({ type: 'command', id: 'auth-1', data: { command: 'authenticate', resource: 'https://graph.microsoft.com', type: 'Graph' } });
  } else if (m.type === 'result' && m.id === 'auth-1' && m.data.result === 'token' && ${tokenOk}) {
    document.getElementById('status').textContent = 'Choose a file';
    for (const b of document.querySelectorAll('button')) b.disabled = false;
  }
};
for (const b of document.querySelectorAll('button')) {
  b.onclick = () => port.postMessage({ type: 'command', id: 'pick-1', data: { command: 'pick',
    items: [{ id: b.dataset.id, name: b.dataset.name, parentReference: { driveId: 'b!fake-drive' } }] } });
}
window.parent.postMessage({ type: 'initialize', channelId: options.messaging.channelId }, options.messaging.origin, [channel.port2]);
</script></body></html>`;
}
