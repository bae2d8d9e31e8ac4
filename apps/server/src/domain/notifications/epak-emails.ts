import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { DEFAULT_LANGUAGE, type Language } from '../auth/language.ts';

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

/** The words of the mail asking someone to act, in each language the server writes. */
const ACTION_REQUEST: Record<
  Language,
  {
    subject(kind: 'sign' | 'review', subject: string, reminder: boolean): string;
    asks(kind: 'sign' | 'review', from: string, subject: string): string;
    open: string;
  }
> = {
  en: {
    subject: (kind, subject, reminder) =>
      `${reminder ? 'Reminder: ' : ''}Please ${kind === 'sign' ? 'sign' : 'review'}: ${subject}`,
    asks: (kind, from, subject) => `${from} asks you to ${kind === 'sign' ? 'sign' : 'review'} "${subject}".`,
    open: 'Open it here (no account needed):',
  },
  hi: {
    subject: (kind, subject, reminder) =>
      `${reminder ? 'अनुस्मारक: ' : ''}कृपया ${kind === 'sign' ? 'हस्ताक्षर करें' : 'समीक्षा करें'}: ${subject}`,
    asks: (kind, from, subject) =>
      `${from} आपसे "${subject}" ${kind === 'sign' ? 'पर हस्ताक्षर करने' : 'की समीक्षा करने'} का अनुरोध करते हैं।`,
    open: 'इसे यहाँ खोलें (खाते की आवश्यकता नहीं):',
  },
  fr: {
    subject: (kind, subject, reminder) =>
      `${reminder ? 'Rappel : ' : ''}${kind === 'sign' ? 'À signer' : 'À relire'} : ${subject}`,
    asks: (kind, from, subject) =>
      `${from} vous demande de ${kind === 'sign' ? 'signer' : 'relire'} « ${subject} ».`,
    open: 'Ouvrez-le ici (aucun compte nécessaire) :',
  },
};

/**
 * The request to sign or review, with the recipient's easy-sign link. `language` is the
 * recipient's (their profile's, else the sender's request language); English without one.
 */
export function actionRequestEmail(p: {
  to: string;
  kind: 'sign' | 'review';
  subject: string;
  from: string;
  message: string;
  link: string;
  reminder: boolean;
  epakId: string;
  language?: Language;
}): MailMessage {
  const language = p.language ?? DEFAULT_LANGUAGE;
  const w = ACTION_REQUEST[language];
  return lines(
    p.to,
    w.subject(p.kind, p.subject, p.reminder),
    [w.asks(p.kind, p.from, p.subject), ...(p.message ? [p.message] : []), w.open, p.link],
    { kind: p.reminder ? 'reminder' : `${p.kind}Request`, epakId: p.epakId, language },
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
