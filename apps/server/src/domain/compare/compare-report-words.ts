import type { ComparedPage } from '@signet/contracts';
import type { Language } from '../auth/language.ts';

/** The comparison report's words in one language (the screen shows the same facts in the app's). */
export interface CompareReportWords {
  title: string;
  documentTitle: (first: string, second: string) => string;
  footer: string;
  first: string;
  second: string;
  withPages: (name: string, pages: number) => string;
  comparedAt: string;
  inserted: string;
  deleted: string;
  moved: string;
  changedPages: string;
  addedPages: string;
  removedPages: string;
  allSame: string;
  someDiffer: string;
  status: Record<ComparedPage['status'], string>;
  kind: Record<string, string>;
  columns: [string, string, string];
  secondPage: (n: number | null) => string;
  firstPage: (n: number | null) => string;
  page: (n: number | null) => string;
  pageToPage: (from: number | null, to: number | null) => string;
  movedFromTo: (from: number | undefined, to: number | undefined) => string;
  regions: (count: number, list: string) => string;
}

const en: CompareReportWords = {
  title: 'Document comparison report',
  documentTitle: (a, b) => `Comparison of ${a} and ${b}`,
  footer: 'Signet document comparison report',
  first: 'First document',
  second: 'Second document',
  withPages: (name, pages) => `${name} (${pages} pages)`,
  comparedAt: 'Compared at',
  inserted: 'Words inserted',
  deleted: 'Words deleted',
  moved: 'Words moved',
  changedPages: 'Pages changed',
  addedPages: 'Pages added',
  removedPages: 'Pages removed',
  allSame: 'The two documents show the same words and look the same on every page.',
  someDiffer: 'Counts are of runs of words. Each page that differs follows.',
  status: {
    same: 'unchanged',
    changed: 'changed',
    added: 'added in the second document',
    removed: 'removed from the first document',
  },
  kind: { inserted: 'Inserted', deleted: 'Deleted', moved: 'Moved' },
  columns: ['Change', 'Words', 'Where'],
  secondPage: (n) => `Second document, page ${n}`,
  firstPage: (n) => `First document, page ${n}`,
  page: (n) => `Page ${n}`,
  pageToPage: (a, b) => `Page ${a} → page ${b}`,
  movedFromTo: (a, b) => `from page ${a} to page ${b}`,
  regions: (count, list) => `${count} region${count === 1 ? '' : 's'} of the page look different (${list}).`,
};

const hi: CompareReportWords = {
  title: 'दस्तावेज़ तुलना रिपोर्ट',
  documentTitle: (a, b) => `${a} और ${b} की तुलना`,
  footer: 'Signet दस्तावेज़ तुलना रिपोर्ट',
  first: 'पहला दस्तावेज़',
  second: 'दूसरा दस्तावेज़',
  withPages: (name, pages) => `${name} (${pages} पृष्ठ)`,
  comparedAt: 'तुलना का समय',
  inserted: 'जोड़े गए शब्द',
  deleted: 'हटाए गए शब्द',
  moved: 'स्थानांतरित शब्द',
  changedPages: 'बदले गए पृष्ठ',
  addedPages: 'जोड़े गए पृष्ठ',
  removedPages: 'हटाए गए पृष्ठ',
  allSame: 'दोनों दस्तावेज़ों में हर पृष्ठ पर वही शब्द हैं और वे एक जैसे दिखते हैं।',
  someDiffer: 'गिनती शब्दों के क्रमों की है। भिन्न हर पृष्ठ आगे दिया गया है।',
  status: {
    same: 'अपरिवर्तित',
    changed: 'बदला गया',
    added: 'दूसरे दस्तावेज़ में जोड़ा गया',
    removed: 'पहले दस्तावेज़ से हटाया गया',
  },
  kind: { inserted: 'जोड़ा गया', deleted: 'हटाया गया', moved: 'स्थानांतरित' },
  columns: ['परिवर्तन', 'शब्द', 'कहाँ'],
  secondPage: (n) => `दूसरा दस्तावेज़, पृष्ठ ${n}`,
  firstPage: (n) => `पहला दस्तावेज़, पृष्ठ ${n}`,
  page: (n) => `पृष्ठ ${n}`,
  pageToPage: (a, b) => `पृष्ठ ${a} → पृष्ठ ${b}`,
  movedFromTo: (a, b) => `पृष्ठ ${a} से पृष्ठ ${b} पर`,
  regions: (count, list) => `पृष्ठ के ${count} क्षेत्र भिन्न दिखते हैं (${list})।`,
};

const fr: CompareReportWords = {
  title: 'Rapport de comparaison de documents',
  documentTitle: (a, b) => `Comparaison de ${a} et de ${b}`,
  footer: 'Rapport de comparaison de documents Signet',
  first: 'Premier document',
  second: 'Second document',
  withPages: (name, pages) => `${name} (${pages} pages)`,
  comparedAt: 'Comparé le',
  inserted: 'Mots insérés',
  deleted: 'Mots supprimés',
  moved: 'Mots déplacés',
  changedPages: 'Pages modifiées',
  addedPages: 'Pages ajoutées',
  removedPages: 'Pages retirées',
  allSame: 'Les deux documents portent les mêmes mots et ont le même aspect sur chaque page.',
  someDiffer: 'Les nombres comptent des suites de mots. Chaque page qui diffère suit.',
  status: {
    same: 'inchangée',
    changed: 'modifiée',
    added: 'ajoutée dans le second document',
    removed: 'retirée du premier document',
  },
  kind: { inserted: 'Inséré', deleted: 'Supprimé', moved: 'Déplacé' },
  columns: ['Modification', 'Mots', 'Où'],
  secondPage: (n) => `Second document, page ${n}`,
  firstPage: (n) => `Premier document, page ${n}`,
  page: (n) => `Page ${n}`,
  pageToPage: (a, b) => `Page ${a} → page ${b}`,
  movedFromTo: (a, b) => `de la page ${a} à la page ${b}`,
  regions: (count, list) =>
    `${count} zone${count === 1 ? '' : 's'} de la page ${count === 1 ? 'paraît différente' : 'paraissent différentes'} (${list}).`,
};

export const COMPARE_REPORT_WORDS: Record<Language, CompareReportWords> = { en, hi, fr };
