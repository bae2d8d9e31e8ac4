// A leaf module: the mailer's log lines and the two-factor challenge both show masked addresses,
// and the mailer must not import the one-time-code use cases (they queue mail through it).

/** Hides most of an address's local part: "jane.doe@example.com" → "ja******@example.com". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? local.slice(0, 1) : `${local.slice(0, 2)}`;
  return `${shown}${'*'.repeat(Math.max(3, local.length - shown.length))}@${domain}`;
}
