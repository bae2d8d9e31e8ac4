import { EpakDetailSchema, EpakStatus, SignerStatus, StampPaperStatus } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../../app/i18n/locales/en.ts';
import { fr } from '../../app/i18n/locales/fr.ts';
import { hi } from '../../app/i18n/locales/hi.ts';
import { contrastRatio } from './contrast.ts';
import {
  EPAK_STATUS_TONES,
  SIGNER_STATUS_TONES,
  STAMP_PAPER_STATUS_TONES,
  type StatusKind,
  statusLabelKey,
  statusTone,
  TONES,
} from './status-colours.ts';

const STEP_STATUSES = EpakDetailSchema.shape.steps.element.shape.status.options;
const KINDS: [StatusKind, readonly string[]][] = [
  ['epak', EpakStatus],
  ['signer', SignerStatus],
  ['step', STEP_STATUSES],
];
const LOCALES = { en, hi, fr };

function lookUp(words: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], words);
}

/** Mantine's light badge background: shade 1 of the colour (its default palette). */
const LIGHT_BACKGROUND: Record<string, string> = {
  gray: '#f1f3f5',
  blue: '#d0ebff',
  green: '#d3f9d8',
  teal: '#c3fae8',
  orange: '#ffe8cc',
  red: '#ffe3e3',
  pink: '#ffdeeb',
  yellow: '#fff3bf',
  grape: '#f3d9fa',
  cyan: '#c5f6fa',
  violet: '#e5dbff',
};

describe('status colours', () => {
  it.each(KINDS)(
    'give every %s status of the contracts a tone of its own table, not the fallback',
    (kind, statuses) => {
      const table = { epak: EPAK_STATUS_TONES, signer: SIGNER_STATUS_TONES, step: undefined }[kind];
      for (const status of statuses) {
        expect(Object.values(TONES), `${kind} ${status}`).toContain(statusTone(kind, status));
        if (table) expect(table[status as keyof typeof table], `${kind} ${status}`).toBeDefined();
      }
      if (table) expect(Object.keys(table).sort()).toEqual([...statuses].sort());
    },
  );

  it.each(KINDS)(
    'label every %s status in English, Hindi and French, in words that are not the code',
    (kind, statuses) => {
      for (const [language, words] of Object.entries(LOCALES)) {
        for (const status of statuses) {
          const label = lookUp(words, statusLabelKey(kind, status));
          expect(typeof label, `${language} ${kind} ${status}`).toBe('string');
          expect(String(label).trim(), `${language} ${kind} ${status}`).not.toBe('');
        }
      }
      // Hindi is not English: a label copied over untranslated would show here.
      const untranslated = statuses.filter(
        (s) => lookUp(hi, statusLabelKey(kind, s)) === lookUp(en, statusLabelKey(kind, s)),
      );
      expect(untranslated).toEqual([]);
    },
  );

  it('give each ePak status a chart colour distinct from every other, so a chart by status can be read', () => {
    const marks = EpakStatus.map((s) => EPAK_STATUS_TONES[s].mark);
    expect(new Set(marks).size).toBe(EpakStatus.length);
  });

  it('give the stamp papers’ four statuses distinct tones too', () => {
    const marks = StampPaperStatus.map((s) => STAMP_PAPER_STATUS_TONES[s].mark);
    expect(new Set(marks).size).toBe(StampPaperStatus.length);
  });

  it('write badge text at 4.5:1 or more on its light background and on white, and draw marks at 3:1 or more on white', () => {
    for (const [name, tone] of Object.entries(TONES)) {
      const background = LIGHT_BACKGROUND[tone.color];
      expect(background, `${name}: a light background for ${tone.color}`).toBeDefined();
      expect(
        contrastRatio(tone.text, background as string),
        `${name} text on its badge`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(tone.text, '#ffffff'), `${name} text on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(tone.mark, '#ffffff'), `${name} mark on white`).toBeGreaterThanOrEqual(3);
    }
  });

  it('show a status the contracts do not know as neutral, and never its code as the label key of another kind', () => {
    expect(statusTone('epak', 'SomethingNew')).toBe(TONES.neutral);
    expect(statusLabelKey('step', 'done')).toBe('epaks.stepStatus.done');
    expect(statusLabelKey('signer', 'Signed')).toBe('signerStatus.Signed');
    expect(statusLabelKey('epak', 'Completed')).toBe('status.Completed');
  });
});
