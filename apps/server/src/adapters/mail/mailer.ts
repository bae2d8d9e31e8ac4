import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/database.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { maskEmail } from '../../domain/auth/mask-email.ts';
import type { KeyVault } from '../keys/master-key.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { hideSecrets, openSecrets, revealSecrets, sealSecrets } from './mail-secrets.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
  /** Machine-readable facts (kind, language, ePak, attachments) kept with the message; never a secret. */
  meta?: Record<string, unknown>;
  /**
   * The parts of subject and text that grant access (links with tokens, codes): sealed in the
   * outbox until the mail is delivered or given up, then gone; never stored without SMTP.
   */
  secrets?: readonly string[];
}

/**
 * Mail goes through the outbox: `queue` writes it in the caller's transaction, so a message
 * exists exactly when the change that caused it committed; `deliver` sends what is pending.
 */
export interface Mailer {
  /** Stores messages in the caller's transaction (one statement for many: bulk compose). */
  queue(tx: Executor, message: MailMessage | readonly MailMessage[]): Promise<void>;
  /** Sends pending messages; returns how many were handled. Never throws. */
  deliver(): Promise<number>;
  /** Delivers soon, off the request path. */
  kick(): void;
  close(): Promise<void>;
}

const MAX_ATTEMPTS = 5;

function kindOf(meta: Record<string, unknown> | null): string {
  const kind = meta?.kind;
  return typeof kind === 'string' ? kind : 'mail';
}

export function createMailer(opts: {
  db: Database;
  smtpUrl: string | null;
  from: string;
  log: Logger;
  /** Seals the secrets of a message while it waits for delivery. */
  vault: KeyVault;
  /** Where `meta.attachments` ({filename, blobHash}) are read from when the mail is sent. */
  blobs: BlobStore;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  /**
   * Runs one message's delivery holding its row: on PostgreSQL in a transaction of its own, whose
   * row lock (FOR UPDATE SKIP LOCKED) keeps every other server process off that message until it
   * is sent or the process is gone. The embedded PGlite serves one process, whose deliveries
   * `deliver` already runs one at a time; a transaction there would hold up every other query
   * for the length of the SMTP exchange.
   */
  const claimed = <T>(fn: (tx: Executor) => Promise<T>): Promise<T> =>
    opts.db.kind === 'postgres' ? opts.db.systemTx(fn) : fn(opts.db.system);
  let running: Promise<number> | null = null;
  let again = false;

  async function deliverOnce(): Promise<number> {
    const pending = await opts.db.system
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .orderBy(mailOutbox.createdAt)
      .limit(50);
    if (pending.length === 0) return 0;
    if (!transport) {
      // Only the kind and a masked address: subjects and meta may name what the mail grants.
      for (const m of pending)
        opts.log.info(`mail not sent (no SMTP configured): ${kindOf(m.meta)} to ${maskEmail(m.to)}`);
      await opts.db.system
        .update(mailOutbox)
        .set({ status: 'kept', secretsSealed: null })
        .where(
          inArray(
            mailOutbox.id,
            pending.map((m) => m.id),
          ),
        );
      return pending.length;
    }
    let handled = 0;
    while (handled < pending.length) {
      const outcome = await claimed(async (tx) => {
        // Taken under a row lock the other processes skip, so each message is sent by one of them.
        const [m] = await tx
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'pending'))
          .orderBy(mailOutbox.createdAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!m) return 'none';
        try {
          // Attachments are named in the outbox and read at sending time, so the outbox row stays
          // small and a retry sends the same bytes.
          const wanted = ((m.meta as { attachments?: { filename: string; blobHash: string }[] } | null)
            ?.attachments ?? []) as { filename: string; blobHash: string }[];
          const attachments = await Promise.all(
            wanted.map(async (a) => ({
              filename: a.filename,
              content: Buffer.from(await opts.blobs.get(a.blobHash)),
              contentType: a.filename.toLowerCase().endsWith('.pdf') ? 'application/pdf' : undefined,
            })),
          );
          const body = revealSecrets(m, openSecrets(opts.vault, m.id, m.secretsSealed));
          await transport.sendMail({
            from: opts.from,
            to: m.to,
            subject: body.subject,
            text: body.text,
            html: body.html ?? undefined,
            ...(attachments.length > 0 ? { attachments } : {}),
          });
          // Delivered: the outbox keeps the placeholders, never again the secrets.
          await tx
            .update(mailOutbox)
            .set({
              status: 'sent',
              sentAt: new Date(),
              attempts: sql`${mailOutbox.attempts} + 1`,
              secretsSealed: null,
            })
            .where(eq(mailOutbox.id, m.id));
          return 'handled';
        } catch (error) {
          const attempts = m.attempts + 1;
          const givenUp = attempts >= MAX_ATTEMPTS;
          opts.log.warn({ err: error, to: maskEmail(m.to), attempts }, 'mail delivery failed');
          await tx
            .update(mailOutbox)
            .set({
              attempts,
              lastError: String(error),
              status: givenUp ? 'failed' : 'pending',
              // Kept sealed for the next attempt; erased once nobody will send it.
              ...(givenUp ? { secretsSealed: null } : {}),
            })
            .where(and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, 'pending')));
          return givenUp ? 'handled' : 'later';
        }
      });
      if (outcome === 'none') break;
      handled += 1;
      if (outcome === 'later') break; // the server is likely down: try the rest later
    }
    return handled;
  }

  async function deliver(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await deliverOnce();
        } while (again);
      } catch (error) {
        opts.log.error({ err: error }, 'mail outbox delivery stopped');
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  return {
    async queue(tx, messages) {
      const rows = (Array.isArray(messages) ? messages : [messages as MailMessage]).map((message) => {
        const id = randomUUID();
        const { body, sealed } = hideSecrets(
          { subject: message.subject, text: message.text, html: message.html ?? null },
          message.secrets ?? [],
        );
        return {
          id,
          to: message.to,
          ...body,
          // Without SMTP nothing will ever send the secrets, so they are not kept at all.
          secretsSealed: transport && sealed.values.length > 0 ? sealSecrets(opts.vault, id, sealed) : null,
          tenantId: message.tenantId ?? null,
          meta: message.meta ?? {},
        };
      });
      await insertRows(tx, mailOutbox, rows);
    },
    deliver,
    kick() {
      setImmediate(() => void deliver());
    },
    async close() {
      if (running) await running;
      transport?.close();
    },
  };
}
