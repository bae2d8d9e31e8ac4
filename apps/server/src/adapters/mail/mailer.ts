import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
  /** Machine-readable facts (kind, links) kept with the message for the admin and for tests. */
  meta?: Record<string, unknown>;
}

/**
 * Mail goes through the outbox: `queue` writes it in the caller's transaction, so a message
 * exists exactly when the change that caused it committed; `deliver` sends what is pending.
 */
export interface Mailer {
  queue(tx: Executor, message: MailMessage): Promise<void>;
  /** Sends pending messages; returns how many were handled. Never throws. */
  deliver(): Promise<number>;
  /** Delivers soon, off the request path. */
  kick(): void;
  close(): Promise<void>;
}

const MAX_ATTEMPTS = 5;

export function createMailer(opts: {
  db: Database;
  smtpUrl: string | null;
  from: string;
  log: Logger;
  /** Where `meta.attachments` ({filename, blobHash}) are read from when the mail is sent. */
  blobs: BlobStore;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
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
      for (const m of pending)
        opts.log.info({ to: m.to, subject: m.subject, meta: m.meta }, 'mail kept in outbox (no SMTP)');
      await opts.db.system
        .update(mailOutbox)
        .set({ status: 'kept' })
        .where(
          inArray(
            mailOutbox.id,
            pending.map((m) => m.id),
          ),
        );
      return pending.length;
    }
    for (const m of pending) {
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
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? undefined,
          ...(attachments.length > 0 ? { attachments } : {}),
        });
        await opts.db.system
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
          .where(eq(mailOutbox.id, m.id));
      } catch (error) {
        const attempts = m.attempts + 1;
        opts.log.warn({ err: error, to: m.to, attempts }, 'mail delivery failed');
        await opts.db.system
          .update(mailOutbox)
          .set({
            attempts,
            lastError: String(error),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where(and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, 'pending')));
        if (attempts < MAX_ATTEMPTS) break; // the server is likely down: try the rest later
      }
    }
    return pending.length;
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
    async queue(tx, message) {
      await tx.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        tenantId: message.tenantId ?? null,
        meta: message.meta ?? {},
      });
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
