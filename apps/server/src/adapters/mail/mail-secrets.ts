import { randomBytes } from 'node:crypto';
import type { KeyVault } from '../keys/master-key.ts';

/**
 * The parts of a mail that grant access (links with tokens, one-time codes) never reach the
 * outbox in plain text: the stored subject and bodies carry a placeholder per secret, and the
 * secrets themselves are sealed under the master key until the mail is delivered or given up.
 * A placeholder names a per-message nonce, so text a user typed into a mail cannot make the
 * mailer put a secret where the composer did not.
 */
export interface MailBody {
  subject: string;
  text: string;
  html: string | null;
}

interface SealedSecrets {
  nonce: string;
  values: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const placeholder = (nonce: string, i: number) => `[[secret:${nonce}:${i}]]`;

/** The sealing context binds a sealed value to its outbox row. */
const context = (mailId: string) => `mail:${mailId}`;

/** Replaces every secret (and its HTML-escaped form in the HTML body) by its placeholder. */
export function hideSecrets(
  body: MailBody,
  secrets: readonly string[],
): { body: MailBody; sealed: SealedSecrets } {
  const nonce = randomBytes(6).toString('hex');
  // Longest first, so a secret that contains another is replaced whole.
  const values = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  let { subject, text, html } = body;
  values.forEach((value, i) => {
    const mark = placeholder(nonce, i);
    subject = subject.split(value).join(mark);
    text = text.split(value).join(mark);
    html = html?.split(escapeHtml(value)).join(mark).split(value).join(mark) ?? null;
  });
  return { body: { subject, text, html }, sealed: { nonce, values } };
}

/** Puts the secrets back for sending; a message stored without secrets comes back unchanged. */
export function revealSecrets(body: MailBody, sealed: SealedSecrets | null): MailBody {
  if (!sealed) return body;
  const put = (s: string, asHtml: boolean) =>
    sealed.values.reduce(
      (out, value, i) => out.split(placeholder(sealed.nonce, i)).join(asHtml ? escapeHtml(value) : value),
      s,
    );
  return {
    subject: put(body.subject, false),
    text: put(body.text, false),
    html: body.html === null ? null : put(body.html, true),
  };
}

export function sealSecrets(vault: KeyVault, mailId: string, sealed: SealedSecrets): string {
  const plain = Buffer.from(JSON.stringify(sealed), 'utf8');
  return Buffer.from(vault.seal(plain, context(mailId))).toString('base64');
}

export function openSecrets(vault: KeyVault, mailId: string, stored: string | null): SealedSecrets | null {
  if (!stored) return null;
  const plain = vault.open(Buffer.from(stored, 'base64'), context(mailId));
  return JSON.parse(Buffer.from(plain).toString('utf8')) as SealedSecrets;
}
