import { beforeAll, describe, expect, it } from 'vitest';
import { serverActivityActions } from '../../../test/server-actions.ts';
import { i18n, initI18n } from '../../app/i18n/i18n.ts';
import { TONES } from '../../ui/tokens/status-colours.ts';
import { ACTIVITY_SENTENCES, activityEvent, KNOWN_ACTIONS } from './activity-events.ts';
import type { ActivityEntry } from './api.ts';
import { activityEn } from './i18n/activity.en.ts';
import './i18n/activity-words.ts';

beforeAll(async () => {
  await initI18n('en');
  i18n.addResourceBundle('en', 'translation', { activity: activityEn }, true, true);
  const { activityHi } = await import('./i18n/activity.hi.ts');
  const { activityFr } = await import('./i18n/activity.fr.ts');
  i18n.addResourceBundle('hi', 'translation', { activity: activityHi }, true, true);
  i18n.addResourceBundle('fr', 'translation', { activity: activityFr }, true, true);
});

const entry = (e: Partial<ActivityEntry>): ActivityEntry => ({
  seq: 1,
  action: 'epak.created',
  actorEmail: 'sara@example.test',
  at: '2026-11-29T10:00:00Z',
  details: {},
  ...e,
});

const say = (e: Partial<ActivityEntry>, lng = 'en') => activityEvent(entry(e), i18n.getFixedT(lng), lng).text;

describe('activity entries as sentences', () => {
  it('says who did what to which document, by name and readable title', () => {
    expect(say({ action: 'document.signed', actorName: 'Sara Two', documentName: 'Offer.pdf' })).toBe(
      'Sara Two signed Offer',
    );
    expect(
      say({ action: 'document.signed', actorName: 'Sara Two', documentName: '022-pdfkit_pdfkit.pdf' }, 'hi'),
    ).toBe('Sara Two ने 022 pdfkit pdfkit पर हस्ताक्षर किए');
    expect(say({ action: 'epak.created' }, 'fr')).toBe('sara@example.test a créé l’ePak');
    expect(say({ action: 'epak.sealed', actorEmail: null })).toBe(
      'The signed documents were sealed with a certificate',
    );
    expect(say({ action: 'epak.delegated', details: { to: 'ravi@example.test' } })).toBe(
      'sara@example.test delegated to ravi@example.test',
    );
  });

  it('counts and statuses read as words', () => {
    expect(say({ action: 'epak.emailed', details: { recipients: 1 } })).toBe(
      'The documents were emailed to 1 recipient',
    );
    expect(say({ action: 'epak.emailed', details: { recipients: 3 } }, 'fr')).toBe(
      'Les documents ont été envoyés par e-mail à 3 destinataires',
    );
    const sent = activityEvent(
      entry({ action: 'epak.statusChanged', details: { from: 'Draft', to: 'InProgress' } }),
      i18n.getFixedT('en'),
      'en',
    );
    expect(sent.text).toBe('sara@example.test sent the ePak');
    expect(sent.tone).toBe(TONES.progress);
    expect(say({ action: 'epak.statusChanged', details: { from: 'Completed', to: 'Archived' } })).toBe(
      'The ePak is now archived',
    );
  });

  it('an action it does not know, or an unknown actor, never shows a key', () => {
    expect(say({ action: 'epak.somethingNew', actorEmail: null })).toBe('Someone made a change');
    expect(say({ action: 'epak.somethingNew', actorEmail: null }, 'hi')).toBe('किसी ने एक बदलाव किया');
    expect(say({ action: 'document.viewed' })).toBe('sara@example.test viewed a document');
    const unknown = activityEvent(entry({ action: 'x.y' }), i18n.getFixedT('en'), 'en');
    expect(unknown.tone).toBe(TONES.neutral);
  });

  it('every sentence the timeline uses has words', () => {
    for (const key of ACTIVITY_SENTENCES) {
      expect(
        Object.keys(activityEn).some((k) => k === key || k.startsWith(`${key}_`)),
        key,
      ).toBe(true);
    }
  });

  it('every ePak, document and tag action the server logs has its own sentence', () => {
    const logged = serverActivityActions().filter((action) => /^(epak|document|tag)\./.test(action));
    expect(logged.length).toBeGreaterThan(15);
    expect(logged.filter((action) => !KNOWN_ACTIONS.includes(action))).toEqual([]);
  });
});
