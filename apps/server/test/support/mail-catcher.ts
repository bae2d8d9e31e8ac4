import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; bytes: Uint8Array }[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeaderWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

/** The text/plain content of a message as nodemailer writes it (plain or multipart/alternative). */
function plainText(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const trimmed = part.replace(/^\r\n/, '');
      if (/content-type:\s*text\/plain/i.test(trimmed)) return plainText(trimmed);
    }
    return '';
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The attached files of a message (parts with `Content-Disposition: attachment`), decoded. */
function attachmentsOf(raw: string): { filename: string; bytes: Uint8Array }[] {
  const { headers, body } = splitMessage(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) {
    const disposition = headers.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
    if (!/^attachment/i.test(disposition) || !filename) return [];
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    const bytes =
      encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
    return [{ filename: decodeHeaderWords(filename), bytes: new Uint8Array(bytes) }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => attachmentsOf(part.replace(/^\r\n/, '')));
}

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailCatcher() {
  const messages: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  /** Deliveries still to refuse (451, "try again later"), by recipient. */
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const left = refusals.get(to) ?? 0;
      if (left <= 0) return callback();
      refusals.set(to, left - 1);
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Attachments arrive base64-encoded (ASCII), so one UTF-8 reading serves text and files.
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = splitMessage(raw);
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeHeaderWords(headers.get('subject') ?? ''),
          text: plainText(raw),
          attachments: attachmentsOf(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  // A sender that dies mid-session (the soak's faults SIGKILL server processes) resets its
  // connection; that ends the session, not the catcher.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits for the next message to `to` (optionally matching the subject) and removes it from the box. */
  async function next(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex(
        (m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)),
      );
      if (i >= 0) return messages.splice(i, 1)[0] as CaughtMail;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 200));
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next,
    /** The next `count` deliveries to `to` are refused with a temporary failure (451). */
    refuseNext(to: string, count = 1) {
      refusals.set(to.toLowerCase(), count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The first URL in a mail's text. */
export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}
