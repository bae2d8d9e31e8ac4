/**
 * A document's name as people read it (issue 31): a file name such as `022-pdfkit_pdfkit.pdf`
 * becomes `022 pdfkit pdfkit`. The extension goes; in a name without spaces (a file name, not
 * words someone typed) underscores and the hyphens that join words become spaces, while a hyphen
 * between digits (a date, `2026-11-29`) stays. A name with spaces keeps its words as typed. The
 * file itself keeps its name: downloads use the stored one.
 */
export function readableTitle(fileName: string): string {
  const bare = fileName.trim().replace(/\.[a-z][a-z0-9]{1,4}$/i, '');
  if (/\s/.test(bare)) return bare;
  const spaced = bare
    .replace(/_+/g, ' ')
    .replace(/(?<=[\p{L}\d])-+(?=\p{L})|(?<=\p{L})-+(?=\d)/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return spaced || fileName.trim();
}
