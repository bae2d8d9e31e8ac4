import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { uploadPdf } from './support/documents.ts';

/** One call the loopback receiver got, with whether its signature matched the secret shown. */
interface Call {
  event: string;
  delivery: string;
  body: { id: string; event: string; ePak: { id: string; status: string } | null };
  signed: boolean;
}

describe('webhooks (issue 12)', () => {
  const browser = setupBrowser();
  let receiver: Server;
  let origin = '';
  let secret = '';
  const calls: Call[] = [];
  /** Resolves when the receiver holds `n` calls (the server's job sends them, not the test). */
  const waiters: { n: number; done: () => void }[] = [];
  const receivedAtLeast = (n: number) =>
    new Promise<void>((done) => {
      if (calls.length >= n) done();
      else waiters.push({ n, done });
    });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['signet-signature'])) ?? [];
        calls.push({
          event: String(req.headers['signet-event']),
          delivery: String(req.headers['signet-delivery']),
          body: JSON.parse(raw) as Call['body'],
          signed: v1 === createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex'),
        });
        for (const w of waiters.filter((x) => calls.length >= x.n)) w.done();
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('an admin subscribes a receiver, an ePak is sent, the log shows the delivery and resend sends it again', async () => {
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await admin.goto('/admin?tab=webhooks');
    await admin.getByTestId('webhooks-tab').waitFor();
    await expectAccessible(admin);

    // ── Subscribe: a URL that is not one is refused in plain words, then the secret is shown once.
    await admin.getByTestId('webhook-add').click();
    const form = admin.getByRole('dialog', { name: 'Add webhook' });
    await form.waitFor();
    await form.getByTestId('webhook-url').fill('not a url');
    await form.getByTestId('webhook-save').click();
    await form.getByText('Enter an http or https URL.').waitFor();
    await form.getByTestId('webhook-url').fill(`${origin}/hook`);
    await form.getByTestId('webhook-description').fill('Records system');
    await form.getByTestId('webhook-event-sent').check();
    await expectAccessible(admin);
    await form.getByTestId('webhook-save').click();
    secret = (await admin.getByTestId('webhook-secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(admin);
    await admin.getByTestId('webhook-secret-close').click();
    const row = admin.getByTestId('webhook-row').filter({ hasText: `${origin}/hook` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Records system');

    // ── A custodian sends an ePak: the server's job POSTs the event, signed with that secret.
    const custodian = await apiSignIn('custodian@demo.test');
    const documentId = await uploadPdf(custodian, 'Webhook.pdf');
    const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
      token: custodian.token,
      body: {
        documentIds: [documentId],
        subject: 'Webhook journey',
        steps: [{ type: 'REVIEW', recipients: [{ email: 'signer2@demo.test' }] }],
      },
    });
    const ePakId = created.data.ePakId;
    expect((await callApi('POST', `/v2/epaks/${ePakId}/start`, { token: custodian.token })).code).toBe(1);
    await receivedAtLeast(1);
    expect(calls[0]).toMatchObject({
      event: 'sent',
      signed: true,
      body: { ePak: { id: ePakId, status: 'InProgress' } },
    });

    // The attempt is recorded just after the receiver answered: wait for it before opening the log.
    const adminApi = await apiSignIn('admin@demo.test');
    const hooks = await callApi<{ id: string; url: string }[]>('GET', '/v2/webhooks', {
      token: adminApi.token,
    });
    const hookId = hooks.data.find((h) => h.url === `${origin}/hook`)?.id ?? '';
    await expect
      .poll(async () => {
        const log = await callApi<{ status: string }[]>('GET', `/v2/webhooks/${hookId}/deliveries`, {
          token: adminApi.token,
        });
        return log.data[0]?.status;
      })
      .toBe('Delivered');

    // ── The log shows it delivered; Resend sends the same event again, now.
    await row.getByTestId('webhook-log-open').click();
    const log = admin.getByTestId('webhook-log');
    const sent = log.getByTestId('webhook-delivery-sent');
    await sent.waitFor();
    expect(await sent.getByTestId('webhook-delivery-status').textContent()).toBe('Delivered');
    expect(await sent.textContent()).toContain(ePakId);
    await expectAccessible(admin);
    await sent.getByTestId('webhook-resend').click();
    await admin.getByText('Sent again.').waitFor();
    await expect.poll(() => sent.getByTestId('webhook-delivery-attempts').locator('p').count()).toBe(2);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ event: 'sent', signed: true, delivery: calls[0]?.delivery });
    expect(calls[1]?.body.id).toBe(calls[0]?.body.id);

    // ── A test event goes out at once and shows in the log.
    await log.getByTestId('webhook-send-test').click();
    await log.getByTestId('webhook-delivery-test').waitFor();
    expect(
      await log.getByTestId('webhook-delivery-test').getByTestId('webhook-delivery-status').textContent(),
    ).toBe('Delivered');
    expect(calls[2]).toMatchObject({ event: 'test', signed: true });
    await expectAccessible(admin);
    await log.getByRole('button', { name: 'Close' }).click();

    // ── Remove it: after a confirmation it is gone with its log.
    await row.getByTestId('webhook-delete').click();
    await admin.getByTestId('confirm-ok').click();
    await admin.getByText('Webhook deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
