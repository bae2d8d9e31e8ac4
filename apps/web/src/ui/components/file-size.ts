/**
 * A file's size in the reader's language: kilobytes under a megabyte, else megabytes to one
 * decimal ("240 kB", "2.4 MB"; "2,4 Mo" in French).
 */
export function formatFileSize(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit, digits] =
    mb < 1 ? [Math.max(1, Math.round(bytes / 1024)), 'kilobyte', 0] : [mb, 'megabyte', 1];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}
