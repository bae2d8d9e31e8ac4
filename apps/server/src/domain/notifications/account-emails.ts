import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { DEFAULT_LANGUAGE, type Language } from '../auth/language.ts';

/**
 * The mails about accounts, in the languages the web app offers. Callers choose the language:
 * the request's for mails to the caller or to someone without an account yet, the recipient's
 * profile language otherwise. Every link and code in them is a secret of the message (sealed
 * until delivered, never kept after): some links carry tokens, and treating all alike leaves no
 * link to forget. `meta` names the kind and language only.
 */

interface Words {
  invitation: {
    subject(tenant: string): string;
    lines(inviter: string, tenant: string): [string, string];
    validity: string;
  };
  join: { subject(tenant: string): string; line(inviter: string, tenant: string): string; choose: string };
  reset: { subject: string; byAdmin: string; bySelf: string; choose: string; validity: string };
  otp: { subject(code: string): string; line(code: string): string; validity(minutes: number): string };
  welcome: { subject(tenant: string): string; line(tenant: string): string };
  superAdmin: { subject: string; line: string; setPassword: string };
}

const WORDS: Record<Language, Words> = {
  en: {
    invitation: {
      subject: (tenant) => `You are invited to ${tenant} on Signet`,
      lines: (inviter, tenant) => [
        `${inviter} invited you to ${tenant} on Signet.`,
        'Set your password to start:',
      ],
      validity: 'The link works once and expires in 7 days.',
    },
    join: {
      subject: (tenant) => `You are invited to join ${tenant} on Signet`,
      line: (inviter, tenant) =>
        `${inviter} invited you to join ${tenant} on Signet. ${tenant} sees your profile only once you accept.`,
      choose: 'Accept or decline here (or when you next sign in):',
    },
    reset: {
      subject: 'Reset your Signet password',
      byAdmin: 'An administrator asked you to choose a new password.',
      bySelf: 'Someone (hopefully you) asked to reset your Signet password.',
      choose: 'Choose a new password here:',
      validity: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail.',
    },
    otp: {
      subject: (code) => `Your Signet code: ${code}`,
      line: (code) => `Your one-time code is ${code}.`,
      validity: (minutes) => `It expires in ${minutes} minutes. Never share it.`,
    },
    welcome: {
      subject: (tenant) => `Welcome to Signet, ${tenant}`,
      line: (tenant) => `Your organisation ${tenant} is ready. Sign in here:`,
    },
    superAdmin: {
      subject: 'Signet super administrator access',
      line: 'You are now a Signet super administrator.',
      setPassword: 'Set your password here:',
    },
  },
  hi: {
    invitation: {
      subject: (tenant) => `Signet पर ${tenant} में आपको आमंत्रित किया गया है`,
      lines: (inviter, tenant) => [
        `${inviter} ने आपको Signet पर ${tenant} में आमंत्रित किया है।`,
        'शुरू करने के लिए अपना पासवर्ड सेट करें:',
      ],
      validity: 'यह लिंक केवल एक बार काम करता है और 7 दिनों में समाप्त हो जाता है।',
    },
    join: {
      subject: (tenant) => `आपको Signet पर ${tenant} से जुड़ने का निमंत्रण मिला है`,
      line: (inviter, tenant) =>
        `${inviter} ने आपको Signet पर ${tenant} से जुड़ने के लिए आमंत्रित किया है। आपके स्वीकार करने के बाद ही ${tenant} आपकी प्रोफ़ाइल देख सकेगा।`,
      choose: 'यहाँ स्वीकार या अस्वीकार करें (या अगली बार साइन इन करते समय):',
    },
    reset: {
      subject: 'अपना Signet पासवर्ड रीसेट करें',
      byAdmin: 'एक व्यवस्थापक ने आपसे नया पासवर्ड चुनने के लिए कहा है।',
      bySelf: 'किसी ने (उम्मीद है आपने) आपका Signet पासवर्ड रीसेट करने का अनुरोध किया है।',
      choose: 'यहाँ नया पासवर्ड चुनें:',
      validity:
        'यह लिंक केवल एक बार काम करता है और 1 घंटे में समाप्त हो जाता है। यदि आपने इसका अनुरोध नहीं किया, तो इस मेल को अनदेखा करें।',
    },
    otp: {
      subject: (code) => `आपका Signet कोड: ${code}`,
      line: (code) => `आपका एक-बार उपयोग वाला कोड ${code} है।`,
      validity: (minutes) => `यह ${minutes} मिनट में समाप्त हो जाएगा। इसे कभी किसी के साथ साझा न करें।`,
    },
    welcome: {
      subject: (tenant) => `Signet में आपका स्वागत है, ${tenant}`,
      line: (tenant) => `आपका संगठन ${tenant} तैयार है। यहाँ साइन इन करें:`,
    },
    superAdmin: {
      subject: 'Signet सुपर व्यवस्थापक पहुँच',
      line: 'अब आप Signet के सुपर व्यवस्थापक हैं।',
      setPassword: 'यहाँ अपना पासवर्ड सेट करें:',
    },
  },
  fr: {
    invitation: {
      subject: (tenant) => `Vous êtes invité à rejoindre ${tenant} sur Signet`,
      lines: (inviter, tenant) => [
        `${inviter} vous a invité à rejoindre ${tenant} sur Signet.`,
        'Définissez votre mot de passe pour commencer :',
      ],
      validity: 'Le lien ne fonctionne qu’une fois et expire dans 7 jours.',
    },
    join: {
      subject: (tenant) => `Vous êtes invité à rejoindre ${tenant} sur Signet`,
      line: (inviter, tenant) =>
        `${inviter} vous invite à rejoindre ${tenant} sur Signet. ${tenant} ne verra votre profil qu’après votre acceptation.`,
      choose: 'Acceptez ou refusez ici (ou lors de votre prochaine connexion) :',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Signet',
      byAdmin: 'Un administrateur vous demande de choisir un nouveau mot de passe.',
      bySelf: 'Quelqu’un (vous, espérons-le) a demandé à réinitialiser votre mot de passe Signet.',
      choose: 'Choisissez un nouveau mot de passe ici :',
      validity:
        'Le lien ne fonctionne qu’une fois et expire dans 1 heure. Si vous ne l’avez pas demandé, ignorez ce message.',
    },
    otp: {
      subject: (code) => `Votre code Signet : ${code}`,
      line: (code) => `Votre code à usage unique est ${code}.`,
      validity: (minutes) => `Il expire dans ${minutes} minutes. Ne le communiquez jamais.`,
    },
    welcome: {
      subject: (tenant) => `Bienvenue sur Signet, ${tenant}`,
      line: (tenant) => `Votre organisation ${tenant} est prête. Connectez-vous ici :`,
    },
    superAdmin: {
      subject: 'Accès super-administrateur Signet',
      line: 'Vous êtes désormais super-administrateur de Signet.',
      setPassword: 'Définissez votre mot de passe ici :',
    },
  },
};

function words(language: Language | undefined): Words {
  return WORDS[language ?? DEFAULT_LANGUAGE];
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(
  to: string,
  subject: string,
  lines: string[],
  meta: { kind: string },
  secrets: readonly string[],
  language: Language | undefined,
): MailMessage {
  const html = lines
    .map((line) =>
      /^https?:\/\//.test(line)
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html,
    meta: { ...meta, language: language ?? DEFAULT_LANGUAGE },
    secrets,
  };
}

export function invitationEmail(p: {
  to: string;
  tenantName: string;
  inviterName: string;
  link: string;
  tenantId: string;
  language?: Language;
}): MailMessage {
  const w = words(p.language).invitation;
  return {
    ...message(
      p.to,
      w.subject(p.tenantName),
      [...w.lines(p.inviterName, p.tenantName), p.link, w.validity],
      { kind: 'invite' },
      [p.link],
      p.language,
    ),
    tenantId: p.tenantId,
  };
}

/** To someone who already has an account: a tenant asks them to join, and waits for their answer. */
export function joinInvitationEmail(p: {
  to: string;
  tenantName: string;
  inviterName: string;
  link: string;
  tenantId: string;
  language?: Language;
}): MailMessage {
  const w = words(p.language);
  return {
    ...message(
      p.to,
      w.join.subject(p.tenantName),
      [w.join.line(p.inviterName, p.tenantName), w.join.choose, p.link, w.invitation.validity],
      { kind: 'join' },
      [p.link],
      p.language,
    ),
    tenantId: p.tenantId,
  };
}

export function passwordResetEmail(p: {
  to: string;
  link: string;
  byAdmin: boolean;
  language?: Language;
}): MailMessage {
  const w = words(p.language).reset;
  return message(
    p.to,
    w.subject,
    [p.byAdmin ? w.byAdmin : w.bySelf, w.choose, p.link, w.validity],
    { kind: 'reset' },
    [p.link],
    p.language,
  );
}

export function oneTimeCodeEmail(p: {
  to: string;
  code: string;
  minutes: number;
  language?: Language;
}): MailMessage {
  const w = words(p.language).otp;
  return message(
    p.to,
    w.subject(p.code),
    [w.line(p.code), w.validity(p.minutes)],
    { kind: 'otp' },
    [p.code],
    p.language,
  );
}

export function welcomeEmail(p: {
  to: string;
  tenantName: string;
  link: string;
  language?: Language;
}): MailMessage {
  const w = words(p.language).welcome;
  return message(
    p.to,
    w.subject(p.tenantName),
    [w.line(p.tenantName), p.link],
    { kind: 'welcome' },
    [p.link],
    p.language,
  );
}

export function superAdminEmail(p: { to: string; link: string | null; language?: Language }): MailMessage {
  const w = words(p.language).superAdmin;
  const lines = [w.line];
  if (p.link) lines.push(w.setPassword, p.link);
  return message(p.to, w.subject, lines, { kind: 'superadmin' }, p.link ? [p.link] : [], p.language);
}
