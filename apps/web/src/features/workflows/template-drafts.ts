import {
  catalogueEntryOf,
  type SigningPolicy,
  type StepType,
  type TemplateStep,
  type TemplateTag,
  type WorkflowTemplate,
  type WorkflowTemplateInput,
} from '@signet/contracts';
import type { RecipientEntry } from '../compose/signer-entries.ts';
import { type EditorTag, toTagInputs } from '../compose/tag-editor-state.ts';

/**
 * The workflow template form's state and its conversions, pure so they are unit-tested. A step's
 * recipient slots are saved roles first, then people, then groups: a template's tags name their
 * recipient by slot position, and this keeps a role's position when people are added.
 */

export interface StepDraft {
  key: string;
  type: StepType;
  signingPolicy: SigningPolicy;
  /** Named places filled with a person at compose ("Employee"). */
  roles: string[];
  people: RecipientEntry[];
  groups: { groupId: string; groupName: string }[];
}

export interface WorkflowDraft {
  name: string;
  description: string;
  shared: boolean;
  reminderIntervalDays: number;
  reminderMax: number;
  /** Days from composing to expiry; null: none. */
  expiryDays: number | null;
  steps: StepDraft[];
}

export function newStepDraft(
  type: StepType = 'SIGN',
  signingPolicy: SigningPolicy = 'ESIGNATURE',
): StepDraft {
  return { key: crypto.randomUUID(), type, signingPolicy, roles: [], people: [], groups: [] };
}

export function newWorkflowDraft(): WorkflowDraft {
  return {
    name: '',
    description: '',
    shared: true,
    reminderIntervalDays: 3,
    reminderMax: 5,
    expiryDays: null,
    steps: [newStepDraft()],
  };
}

export function draftOf(w: WorkflowTemplate): WorkflowDraft {
  return {
    name: w.name,
    description: w.description,
    shared: w.shared,
    reminderIntervalDays: w.reminderIntervalDays,
    reminderMax: w.reminderMax,
    expiryDays: w.expiryDays,
    steps: w.steps.map((s) => ({
      ...newStepDraft(s.type, s.signingPolicy ?? w.signingPolicy),
      roles: s.recipients.flatMap((r) => (r.kind === 'role' ? [r.role] : [])),
      people: s.recipients.flatMap((r) =>
        r.kind === 'role' || r.kind === 'group'
          ? []
          : [
              {
                email: r.email,
                firstName: r.firstName,
                middleName: r.middleName,
                lastName: r.lastName,
                isNew: false,
              },
            ],
      ),
      groups: s.recipients.flatMap((r) =>
        r.kind === 'group' ? [{ groupId: r.groupId, groupName: r.groupName }] : [],
      ),
    })),
  };
}

function slotsOf(step: StepDraft): TemplateStep['recipients'] {
  return [
    ...step.roles.map((role) => ({ kind: 'role' as const, role })),
    ...step.people.map(({ isNew: _, ...p }) => p),
    ...step.groups.map((g) => ({ kind: 'group' as const, ...g })),
  ];
}

export function inputOf(draft: WorkflowDraft): WorkflowTemplateInput {
  return {
    name: draft.name.trim(),
    description: draft.description,
    signingPolicy: draft.steps.find((s) => s.type === 'SIGN')?.signingPolicy ?? 'ESIGNATURE',
    shared: draft.shared,
    reminderIntervalDays: draft.reminderIntervalDays,
    reminderMax: draft.reminderMax,
    expiryDays: draft.expiryDays,
    steps: draft.steps.map((s) => ({
      type: s.type,
      name: '',
      signingPolicy: s.signingPolicy,
      minRequired: null,
      recipients: slotsOf(s),
    })),
  };
}

/** What must hold before a workflow template is saved, as translation keys. */
export function workflowProblems(draft: WorkflowDraft): string[] {
  const problems: string[] = [];
  if (!draft.name.trim()) problems.push('workflows.problems.noName');
  if (draft.steps.length === 0) problems.push('compose.problems.noStep');
  for (const s of draft.steps) {
    const roles = s.roles.map((r) => r.trim().toLowerCase());
    if (roles.some((r, i) => roles.indexOf(r) !== i)) problems.push('workflows.problems.roleTwice');
  }
  return [...new Set(problems)];
}

/** The roles a composer fills, each once, in the order they first appear. */
export function rolesOf(steps: readonly TemplateStep[]): string[] {
  const seen = new Map<string, string>();
  for (const s of steps)
    for (const r of s.recipients)
      if (r.kind === 'role' && !seen.has(r.role.toLowerCase())) seen.set(r.role.toLowerCase(), r.role);
  return [...seen.values()];
}

/** A recipient slot a template's tags can belong to: a person or a role (a group is many people). */
export interface TagSlot {
  wfsOrderId: number;
  signerIndex: number;
  /** The role's name or the person's address. */
  name: string;
  kind: 'role' | 'person';
}

export function tagSlotsOf(steps: readonly TemplateStep[]): TagSlot[] {
  return steps.flatMap((s, i) =>
    s.type === 'EMAIL'
      ? []
      : s.recipients.flatMap((r, signerIndex): TagSlot[] =>
          r.kind === 'group'
            ? []
            : [
                {
                  wfsOrderId: i + 1,
                  signerIndex,
                  name: r.kind === 'role' ? r.role : r.email,
                  kind: r.kind === 'role' ? 'role' : 'person',
                },
              ],
        ),
  );
}

/** The editor tells recipients apart by an address; a slot's stand-in is `slot-<index>`. */
export const slotEmail = (signerIndex: number) => `slot-${signerIndex}`;

/** A template tag as the editor holds it; null for a tag the catalogue does not know. */
export function editorTagOf(tag: TemplateTag): EditorTag | null {
  const entry = catalogueEntryOf(tag);
  if (!entry) return null;
  return {
    id: tag.uuid ?? crypto.randomUUID(),
    entry: entry.id,
    pageNumber: tag.pageNumber,
    positionX: tag.positionX,
    positionY: tag.positionY,
    blockWidth: tag.blockWidth,
    blockHeight: tag.blockHeight,
    userEmail: tag.userEmail ?? slotEmail(tag.signerIndex ?? 0),
    wfsOrderId: tag.wfsOrderId ?? 1,
    required: tag.validations?.required.value ?? false,
    label: tag.label,
    fontFamily: tag.fontFamily,
    fontSize: tag.fontSize,
    options: tag.options,
    value: tag.value,
  };
}

/** The editor's tags of each document (by position) as the template stores them. */
export function templateTagsOf(byDocument: readonly EditorTag[][]): TemplateTag[] {
  return byDocument.flatMap((tags, documentPosition) =>
    toTagInputs(tags).map((input) => {
      const slot = /^slot-(\d+)$/.exec(input.userEmail ?? '');
      const { userEmail, ...rest } = input;
      return slot
        ? { ...rest, documentPosition, signerIndex: Number(slot[1]) }
        : { ...rest, userEmail, documentPosition };
    }),
  );
}
