import { REPORT_FILE_WORDS, type ReportId } from '@signet/contracts';
import type { Language } from '../auth/language.ts';

/** An exported report's words in one language: its title, its column headings, its PDF lines. */
export function reportFileWords(language: Language, reportId: ReportId) {
  const words = REPORT_FILE_WORDS[language];
  const headings: Record<string, string> = words.headings;
  const title = words.titles[reportId];
  return {
    title,
    heading: (key: string) => headings[key] ?? key,
    made: (at: string, rows: number) => words.made.replace('{at}', at).replace('{rows}', String(rows)),
    footer: words.footer.replace('{title}', title),
  };
}
