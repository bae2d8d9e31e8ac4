import { Code } from '@signet/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './support/test-server.ts';

/** Issue 17: failed sign-ins slow down their address on that account; nothing locks the account. */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.2';

async function signIn(username: string, password: string, from: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/msbapi/v1/authenticate',
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  } as InjectOptions);
  return { status: res.statusCode, body: res.body, code: (res.json() as { code: number }).code };
}

async function failTimes(n: number, username: string, from: string) {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await signIn(username, 'Wrong-pass-1', from));
  return answers;
}

describe('sign-in throttling', () => {
  it('answers an unknown email, a wrong password and a waiting address with the same status and body', async () => {
    const unknown = await signIn('nobody-here@demo.test', 'Wrong-pass-1', ATTACKER);
    const wrong = await signIn('custodian@demo.test', 'Wrong-pass-1', ATTACKER);
    const failures = await failTimes(10, 'custodian@demo.test', ATTACKER);
    const waiting = await signIn('custodian@demo.test', DEMO_PASSWORD, ATTACKER);
    const unknownWaiting = (await failTimes(11, 'nobody-else@demo.test', ATTACKER)).at(-1);
    expect(
      new Set([unknown, wrong, ...failures, waiting, unknownWaiting].map((a) => `${a?.status} ${a?.body}`)),
    ).toEqual(
      new Set([
        `400 ${JSON.stringify({ code: Code.INVALID_PASSWORD, message: 'Wrong username or password' })}`,
      ]),
    );
  });

  it("lets the owner sign in from their address despite an attacker's failures from another", async () => {
    await failTimes(12, 'submitter@demo.test', ATTACKER);
    expect((await signIn('submitter@demo.test', DEMO_PASSWORD, ATTACKER)).code).toBe(Code.INVALID_PASSWORD);
    expect((await signIn('submitter@demo.test', DEMO_PASSWORD, OWNER)).code).toBe(1);
  });

  it('doubles the delay with each failure after the threshold, and lets the right password in once it ends', async () => {
    // 5 failures (the policy's threshold) start a 1 s delay; tries while it runs are refused
    // without counting; the next failure makes it 2 s, the one after 4 s.
    await failTimes(5, 'signer1@demo.test', ATTACKER);
    t.clock.advance(1);
    await failTimes(1, 'signer1@demo.test', ATTACKER);
    t.clock.advance(2);
    await failTimes(1, 'signer1@demo.test', ATTACKER);
    t.clock.advance(3);
    expect((await signIn('signer1@demo.test', DEMO_PASSWORD, ATTACKER)).code).toBe(Code.INVALID_PASSWORD);
    t.clock.advance(1);
    expect((await signIn('signer1@demo.test', DEMO_PASSWORD, ATTACKER)).code).toBe(1);
  });

  it('slows wrong current passwords on the change-password page like sign-ins, answering -17 alike, and locks nobody out', async () => {
    const change = async (username: string, from: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/msbapi/v1/users/password',
        remoteAddress: from,
        payload: {
          username,
          oldPassword: 'Wrong-pass-1',
          newPassword: 'Brand-new-9',
          confirmPassword: 'Brand-new-9',
        },
      } as InjectOptions);
      return `${res.statusCode} ${res.body}`;
    };
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await change('registrar@demo.test', ATTACKER));
    answers.push(await change('nobody-at-all@demo.test', ATTACKER));
    expect(new Set(answers).size, answers.join('\n')).toBe(1);
    expect(answers[0]).toMatch(/^400 .*"code":-17/);
    expect((await signIn('registrar@demo.test', DEMO_PASSWORD, OWNER)).code).toBe(1);
  });
});
