import type { MantineColor } from '@mantine/core';
import type { EpakDetail, EpakStatus, SignerStatus, StampPaperStatus } from '@signet/contracts';

/**
 * The one colour of each status, used identically by badges, lists, charts, reports and the
 * timeline (issue 31). A tone has three faces:
 * - `color`: the Mantine colour whose light shade (1) is a badge's background;
 * - `text`: the words on that background (≥ 4.5:1 on it and on white): Mantine's own light badge
 *   text (shade 9) falls short on green, teal, orange and yellow;
 * - `mark`: bars, dots and swatches on white (≥ 3:1, WCAG 1.4.11).
 * Only types come from the contracts here: their value sets sit beside zod schemas, which the
 * first screens must not load for a table of colours.
 */
export interface StatusTone {
  color: MantineColor;
  text: string;
  mark: string;
}

const tone = (color: MantineColor, text: string, mark: string): StatusTone => ({ color, text, mark });

/** The tones by meaning; a status picks the meaning, never a colour of its own. */
export const TONES = {
  /** Not started, not needed. */
  neutral: tone('gray', '#343a40', '#868e96'),
  /** Moving: someone is working through it. */
  progress: tone('blue', '#1864ab', '#1c7ed6'),
  /** A person's part is done (signed, reviewed). */
  done: tone('green', '#1e6b2d', '#2f9e44'),
  /** The whole ePak is finished: set apart from a person's "done" so both can share a chart. */
  finished: tone('teal', '#08654a', '#099268'),
  /** Waiting for someone to act. */
  waiting: tone('orange', '#a83c06', '#e8590c'),
  /** Refused. */
  refused: tone('red', '#a61e1e', '#e03131'),
  /** Halted by its sender. */
  halted: tone('pink', '#a61e4d', '#c2255c'),
  /** Ran out of time. */
  lapsed: tone('yellow', '#7a5200', '#b07d00'),
  /** Handed to someone else. */
  handedOn: tone('grape', '#862e9c', '#ae3ec9'),
  /** Sent as a copy by mail. */
  mailed: tone('cyan', '#0b6374', '#0c8599'),
  /** Put away, kept. */
  shelved: tone('violet', '#5f3dc4', '#7950f2'),
  /** Gone (deleted). */
  gone: tone('gray', '#212529', '#495057'),
} as const satisfies Record<string, StatusTone>;

export const EPAK_STATUS_TONES: Readonly<Record<EpakStatus, StatusTone>> = {
  Draft: TONES.neutral,
  InProgress: TONES.progress,
  Completed: TONES.finished,
  Rejected: TONES.refused,
  Stopped: TONES.halted,
  Expired: TONES.lapsed,
  Deleted: TONES.gone,
  Archived: TONES.shelved,
};

export const SIGNER_STATUS_TONES: Readonly<Record<SignerStatus, StatusTone>> = {
  Reviewed: TONES.done,
  Signed: TONES.done,
  Pending: TONES.waiting,
  Delegated: TONES.handedOn,
  DelegatePending: TONES.handedOn,
  Rejected: TONES.refused,
  Emailed: TONES.mailed,
  NotRequired: TONES.neutral,
  Skipped: TONES.neutral,
};

export type StepStatus = EpakDetail['steps'][number]['status'];

export const STEP_STATUS_TONES: Readonly<Record<StepStatus, StatusTone>> = {
  waiting: TONES.neutral,
  current: TONES.progress,
  done: TONES.done,
};

/** Spec §4: AVAILABLE is shown Unused, CONSUMED Used, EPAK Pending (in an ePak), DRAFT Draft. */
export const STAMP_PAPER_STATUS_TONES: Readonly<Record<StampPaperStatus, StatusTone>> = {
  AVAILABLE: TONES.done,
  DRAFT: TONES.neutral,
  EPAK: TONES.waiting,
  CONSUMED: TONES.progress,
};

export type StatusKind = 'epak' | 'signer' | 'step';
export type StatusOf<K extends StatusKind> = { epak: EpakStatus; signer: SignerStatus; step: StepStatus }[K];

const TONES_BY_KIND: Record<StatusKind, Readonly<Record<string, StatusTone>>> = {
  epak: EPAK_STATUS_TONES,
  signer: SIGNER_STATUS_TONES,
  step: STEP_STATUS_TONES,
};

/** The key of a status's words: every kind's words already existed in the locales under these. */
const LABEL_PREFIX: Record<StatusKind, string> = {
  epak: 'status',
  signer: 'signerStatus',
  step: 'epaks.stepStatus',
};

/** A status's tone; a value the contracts do not know (an older server) is neutral. */
export function statusTone(kind: StatusKind, status: string): StatusTone {
  return TONES_BY_KIND[kind][status] ?? TONES.neutral;
}

export function statusLabelKey(kind: StatusKind, status: string): string {
  return `${LABEL_PREFIX[kind]}.${status}`;
}
