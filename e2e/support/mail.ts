import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { CaughtMail } from './mail-catcher.ts';

/** Waits for the next mail to `to` whose subject matches, and takes it out of the box. */
export async function nextMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const mail = JSON.parse(readFileSync(path, 'utf8')) as CaughtMail;
      if (mail.to.includes(to.toLowerCase()) && subject.test(mail.subject)) {
        rmSync(path);
        return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[0];
}
