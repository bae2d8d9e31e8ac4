/** A PDF date string in UTC: D:YYYYMMDDHHmmSSZ. */
export function pdfDate(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `D:${p(d.getUTCFullYear(), 4)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

/** Parses a PDF date string; undefined when it is not one. */
export function parsePdfDate(s: string): Date | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(s);
  if (!m) return undefined;
  const [y, mo = '01', d = '01', h = '00', mi = '00', se = '00', tz, th = '00', tm = '00'] = m.slice(1);
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  const off = (Number(th) * 60 + Number(tm)) * 60_000;
  if (tz === '+') t -= off;
  else if (tz === '-') t += off;
  return Number.isNaN(t) ? undefined : new Date(t);
}
