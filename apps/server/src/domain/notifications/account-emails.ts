import type { MailMessage } from '../../adapters/mail/mailer.ts';

/** The mails about accounts. Each carries its link in `meta.link` as well as in the text. */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(to: string, subject: string, lines: string[], meta: Record<string, unknown>): MailMessage {
  const html = lines
    .map((line) =>
      /^https?:\/\//.test(line)
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return { to, subject, text: lines.join('\n\n'), html, meta };
}

export function invitationEmail(p: {
  to: string;
  tenantName: string;
  inviterName: string;
  link: string;
  tenantId: string;
}): MailMessage {
  return {
    ...message(
      p.to,
      `You are invited to ${p.tenantName} on Signet`,
      [
        `${p.inviterName} invited you to ${p.tenantName} on Signet.`,
        'Set your password to start:',
        p.link,
        'The link works once and expires in 7 days.',
      ],
      { kind: 'invite', link: p.link },
    ),
    tenantId: p.tenantId,
  };
}

export function addedToTenantEmail(p: {
  to: string;
  tenantName: string;
  link: string;
  tenantId: string;
}): MailMessage {
  return {
    ...message(
      p.to,
      `You were added to ${p.tenantName} on Signet`,
      [`You now belong to ${p.tenantName}. Sign in with your existing password:`, p.link],
      { kind: 'added', link: p.link },
    ),
    tenantId: p.tenantId,
  };
}

export function passwordResetEmail(p: { to: string; link: string; byAdmin: boolean }): MailMessage {
  return message(
    p.to,
    'Reset your Signet password',
    [
      p.byAdmin
        ? 'An administrator asked you to choose a new password.'
        : 'Someone (hopefully you) asked to reset your Signet password.',
      'Choose a new password here:',
      p.link,
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail.',
    ],
    { kind: 'reset', link: p.link },
  );
}

export function oneTimeCodeEmail(p: { to: string; code: string; minutes: number }): MailMessage {
  return message(
    p.to,
    `Your Signet code: ${p.code}`,
    [`Your one-time code is ${p.code}.`, `It expires in ${p.minutes} minutes. Never share it.`],
    { kind: 'otp', code: p.code },
  );
}

export function welcomeEmail(p: { to: string; tenantName: string; link: string }): MailMessage {
  return message(
    p.to,
    `Welcome to Signet, ${p.tenantName}`,
    [`Your organisation ${p.tenantName} is ready. Sign in here:`, p.link],
    { kind: 'welcome', link: p.link },
  );
}

export function superAdminEmail(p: { to: string; link: string | null }): MailMessage {
  const lines = ['You are now a Signet super administrator.'];
  if (p.link) lines.push('Set your password here:', p.link);
  return message(p.to, 'Signet super administrator access', lines, { kind: 'superadmin', link: p.link });
}

export function temporaryPasswordEmail(p: { to: string; password: string; link: string }): MailMessage {
  return message(
    p.to,
    'Your Signet password was reset',
    [
      'An administrator reset your Signet password. Sign in with this temporary password:',
      p.password,
      'You will be asked to choose a new one at once.',
      p.link,
    ],
    { kind: 'temporaryPassword', password: p.password, link: p.link },
  );
}
