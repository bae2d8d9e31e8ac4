import type { MailMessage } from '../../adapters/mail/mailer.ts';

/**
 * Mails about ePaks. Each names the ePak and says what to do; `meta` names the kind and the ePak,
 * never a link. An easy-sign link opens a session, so it is a secret of its message (sealed
 * until delivered, never kept after); the dashboard links need a sign-in and are not.
 */

function lines(
  to: string,
  subject: string,
  body: string[],
  meta: Record<string, unknown>,
  secrets: readonly string[] = [],
): MailMessage {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    to,
    subject,
    text: body.join('\n\n'),
    html: body
      .map((l) => (/^https?:\/\//.test(l) ? `<p><a href="${esc(l)}">${esc(l)}</a></p>` : `<p>${esc(l)}</p>`))
      .join('\n'),
    meta,
    secrets,
  };
}

export function actionRequestEmail(p: {
  to: string;
  kind: 'sign' | 'review';
  subject: string;
  from: string;
  message: string;
  link: string;
  reminder: boolean;
  epakId: string;
}): MailMessage {
  const verb = p.kind === 'sign' ? 'sign' : 'review';
  return lines(
    p.to,
    `${p.reminder ? 'Reminder: ' : ''}Please ${verb}: ${p.subject}`,
    [
      `${p.from} asks you to ${verb} "${p.subject}".`,
      ...(p.message ? [p.message] : []),
      `Open it here (no account needed):`,
      p.link,
    ],
    { kind: p.reminder ? 'reminder' : `${verb}Request`, epakId: p.epakId },
    [p.link],
  );
}

export function documentsEmail(p: {
  to: string;
  subject: string;
  from: string;
  attachments: { filename: string; blobHash: string }[];
  epakId: string;
}): MailMessage {
  return lines(
    p.to,
    `Documents: ${p.subject}`,
    [`${p.from} sends you the documents of "${p.subject}", attached.`],
    {
      kind: 'documents',
      attachments: p.attachments,
      epakId: p.epakId,
    },
  );
}

export function completedEmail(p: {
  to: string;
  subject: string;
  link: string;
  epakId: string;
}): MailMessage {
  return lines(
    p.to,
    `Completed: ${p.subject}`,
    [`Everyone has signed "${p.subject}". Download the signed documents here:`, p.link],
    {
      kind: 'completed',
      epakId: p.epakId,
    },
  );
}

export function declinedEmail(p: {
  to: string;
  subject: string;
  by: string;
  reason: string;
  link: string;
  epakId: string;
}): MailMessage {
  return lines(
    p.to,
    `Declined: ${p.subject}`,
    [`${p.by} declined "${p.subject}".`, `Reason: ${p.reason}`, p.link],
    {
      kind: 'declined',
      epakId: p.epakId,
    },
  );
}

export function delegatedEmail(p: {
  to: string;
  subject: string;
  by: string;
  reason: string;
  link: string;
  epakId: string;
}): MailMessage {
  return lines(
    p.to,
    `Delegated to you: ${p.subject}`,
    [
      `${p.by} asks you to act on "${p.subject}" in their place.`,
      ...(p.reason ? [`Reason: ${p.reason}`] : []),
      p.link,
    ],
    { kind: 'delegated', epakId: p.epakId },
  );
}

export function commentEmail(p: {
  to: string;
  subject: string;
  by: string;
  role: 'signer' | 'reviewer';
  comment: string;
  link: string;
  epakId: string;
}): MailMessage {
  return lines(
    p.to,
    `Comment: ${p.subject}`,
    [`${p.by} (${p.role}) commented on "${p.subject}":`, p.comment, p.link],
    { kind: 'comment', epakId: p.epakId },
  );
}
