import { readableTitle } from '@signet/contracts';
import {
  IconArchive,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBell,
  IconCertificate,
  IconChecks,
  IconCircleCheck,
  IconDownload,
  IconEye,
  IconFilePlus,
  IconFiles,
  IconFlag,
  IconForms,
  IconHourglassEmpty,
  IconLink,
  IconLock,
  IconMail,
  IconMessage,
  IconPaperclip,
  IconPencil,
  IconPlayerStop,
  IconPoint,
  IconReceipt,
  IconReceiptOff,
  IconRosetteDiscountCheck,
  IconSend,
  IconSignature,
  IconTrash,
  IconTrashX,
  IconUpload,
  IconUserMinus,
  IconX,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { TimelineEvent } from '../../ui/components/timeline.tsx';
import { statusLabelKey, statusTone, TONES } from '../../ui/tokens/status-colours.ts';
import type { ActivityEntry } from './api.ts';

type Tone = keyof typeof TONES;
type Icon = TimelineEvent['icon'];

/** Each action the server logs on an ePak: its sentence (under `activity.`), tone and icon. */
const EVENTS: Readonly<Record<string, readonly [sentence: string, tone: Tone, icon: Icon]>> = {
  'epak.created': ['created', 'neutral', IconFilePlus],
  'epak.edited': ['edited', 'neutral', IconPencil],
  'epak.archived': ['archived', 'shelved', IconArchive],
  'epak.archivalPeriod': ['archivalPeriod', 'shelved', IconArchive],
  'document.uploaded': ['documentUploaded', 'neutral', IconUpload],
  'document.viewed': ['documentViewed', 'progress', IconEye],
  'document.reviewed': ['documentReviewed', 'done', IconChecks],
  'document.signed': ['documentSigned', 'done', IconSignature],
  'document.downloaded': ['documentDownloaded', 'neutral', IconDownload],
  'document.deleted': ['documentDeleted', 'gone', IconTrash],
  'document.merged': ['documentMerged', 'neutral', IconFiles],
  'epak.documentsAttached': ['documentsAttached', 'neutral', IconPaperclip],
  'tag.attached': ['tagAttached', 'neutral', IconPaperclip],
  'epak.linkOpened': ['linkOpened', 'progress', IconLink],
  'epak.code.wrong': ['wrongCode', 'refused', IconLock],
  'epak.commented': ['commented', 'progress', IconMessage],
  'epak.rejected': ['rejected', 'refused', IconX],
  'epak.delegated': ['delegated', 'handedOn', IconArrowForwardUp],
  'epak.delegationCancelled': ['delegationCancelled', 'handedOn', IconArrowBackUp],
  'epak.recipientRemoved': ['recipientRemoved', 'gone', IconUserMinus],
  'epak.reminded': ['reminded', 'waiting', IconBell],
  'epak.emailed': ['emailed', 'mailed', IconMail],
  'epak.stepCompleted': ['stepCompleted', 'done', IconCircleCheck],
  'epak.completed': ['completed', 'finished', IconRosetteDiscountCheck],
  'epak.sealed': ['sealed', 'finished', IconCertificate],
  'epak.expired': ['expired', 'lapsed', IconHourglassEmpty],
  'epak.purged': ['purged', 'gone', IconTrashX],
  'stampPaper.reserved': ['stampPaperReserved', 'progress', IconReceipt],
  'stampPaper.released': ['stampPaperReleased', 'neutral', IconReceiptOff],
  'stampPaper.statusChanged': ['stampPaperChanged', 'neutral', IconReceipt],
  'webform.submitted': ['webformSubmitted', 'progress', IconForms],
};

/** The server's action keys the timeline knows (a test checks the server logs no other). */
export const KNOWN_ACTIONS: readonly string[] = [...Object.keys(EVENTS), 'epak.statusChanged'];

/** The sentences the timeline uses (the locales test checks each has words). */
export const ACTIVITY_SENTENCES: readonly string[] = [
  ...new Set([
    ...Object.values(EVENTS).map(([sentence]) => sentence),
    'sent',
    'stopped',
    'deleted',
    'statusChanged',
    'unknown',
  ]),
];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A status change in words: sending, stopping and deleting say who; any other names the status. */
function statusChange(entry: ActivityEntry, t: TFunction, language: string) {
  const to = text(entry.details?.to);
  const from = text(entry.details?.from);
  const tone = statusTone('epak', to);
  if (to === 'InProgress' && from === 'Draft') return { key: 'sent', tone: TONES.progress, icon: IconSend };
  if (to === 'Stopped') return { key: 'stopped', tone, icon: IconPlayerStop };
  if (to === 'Deleted') return { key: 'deleted', tone, icon: IconTrash };
  const status = t(statusLabelKey('epak', to), { defaultValue: t('common.unknownStatus') });
  return { key: 'statusChanged', tone, icon: IconFlag, status: status.toLocaleLowerCase(language) };
}

/**
 * One activity entry as a timeline event: a sentence with who acted (their name, else their
 * email, else "someone") and the document by its readable title; an action the app does not know
 * reads as a generic sentence, never as its key.
 */
export function activityEvent(entry: ActivityEntry, t: TFunction, language: string): TimelineEvent {
  const actor = text(entry.actorName) || text(entry.actorEmail) || t('activity.someone');
  const document = entry.documentName ? readableTitle(entry.documentName) : t('activity.aDocument');
  const known = EVENTS[entry.action];
  const shape =
    entry.action === 'epak.statusChanged'
      ? statusChange(entry, t, language)
      : known
        ? { key: known[0], tone: TONES[known[1]], icon: known[2] }
        : { key: 'unknown', tone: TONES.neutral, icon: IconPoint };
  const details = entry.details ?? {};
  const count = Number(details.days ?? details.recipients ?? 0);
  const sentence = t(`activity.${shape.key}`, {
    actor,
    document,
    to: text(details.to) || text(details.email),
    count,
    status: 'status' in shape ? shape.status : '',
  });
  const said = text(details.comment) || text(details.reason);
  return {
    id: String(entry.seq ?? `${entry.at}-${entry.action}`),
    text: sentence,
    detail: said || undefined,
    at: entry.at,
    tone: shape.tone,
    icon: shape.icon,
  };
}
