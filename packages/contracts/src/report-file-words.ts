import { REPORT_HEADINGS_EN, REPORT_TITLES_EN } from './report-words.ts';
import { REPORT_HEADINGS_FR, REPORT_TITLES_FR } from './report-words-fr.ts';
import { REPORT_HEADINGS_HI, REPORT_TITLES_HI } from './report-words-hi.ts';

/**
 * The words of an exported report file (CSV, Excel, PDF) in each language the app offers: the
 * server writes the file in the language of the request, as the screen shows the report.
 * `{at}`, `{rows}` and `{title}` are filled in.
 */
export const REPORT_FILE_WORDS = {
  en: {
    titles: REPORT_TITLES_EN,
    headings: REPORT_HEADINGS_EN,
    made: 'Made {at} UTC, {rows} rows',
    footer: 'Signet report: {title}',
  },
  hi: {
    titles: REPORT_TITLES_HI,
    headings: REPORT_HEADINGS_HI,
    made: '{at} UTC पर बनाई गई, {rows} पंक्तियाँ',
    footer: 'Signet रिपोर्ट: {title}',
  },
  fr: {
    titles: REPORT_TITLES_FR,
    headings: REPORT_HEADINGS_FR,
    made: 'Établi le {at} UTC, {rows} lignes',
    footer: 'Rapport Signet : {title}',
  },
} as const;
