import { Code, type RecipientInput, type StepInput, type TemplateStep } from '@signet/contracts';
import { AppError } from '../app-error.ts';

/**
 * Workflow template steps hold recipient slots — people, groups, roles — and compose turns them
 * into the people of an ePak. These functions are pure: the caller loads the groups' members.
 */

type Slot = TemplateStep['recipients'][number];

/** What identifies a slot within its step, so the same person, group or role is not named twice. */
function slotKey(slot: Slot): string {
  if (slot.kind === 'role') return `role:${slot.role.toLowerCase()}`;
  if (slot.kind === 'group') return `group:${slot.groupId}`;
  return slot.email.toLowerCase();
}

function slotName(slot: Slot): string {
  if (slot.kind === 'role') return slot.role;
  if (slot.kind === 'group') return slot.groupName || slot.groupId;
  return slot.email;
}

/** -6 when one step names the same person, group or role twice. */
export function checkTemplateSteps(steps: readonly TemplateStep[]): void {
  for (const [i, step] of steps.entries()) {
    const keys = step.recipients.map(slotKey);
    const twice = keys.findIndex((k, j) => keys.indexOf(k) !== j);
    if (twice >= 0)
      throw new AppError(
        Code.INVALID_INPUT,
        `${slotName(step.recipients[twice] as Slot)} is twice in step ${i + 1}`,
      );
  }
}

/** The roles to fill at compose, each once, in the order they first appear. */
export function templateRoles(steps: readonly TemplateStep[]): string[] {
  const seen = new Map<string, string>();
  for (const step of steps)
    for (const slot of step.recipients)
      if (slot.kind === 'role' && !seen.has(slot.role.toLowerCase()))
        seen.set(slot.role.toLowerCase(), slot.role);
  return [...seen.values()];
}

/** The groups the steps name. */
export function templateGroupIds(steps: readonly TemplateStep[]): string[] {
  return [
    ...new Set(steps.flatMap((s) => s.recipients.flatMap((r) => (r.kind === 'group' ? [r.groupId] : [])))),
  ];
}

export interface MaterialisedSteps {
  steps: StepInput[];
  /**
   * The email that fills each slot, by step and slot position (null for a group slot): a
   * template's tags name their recipient by slot, which no longer matches the position once a
   * group has become its members.
   */
  slots: (string | null)[][];
}

/**
 * A template's steps with people in every place: persons as they are, roles filled from
 * `fills` (matched ignoring case; -6 for a role left empty or a fill for no role), groups
 * replaced by their members. A person already in the step is not added again by a group.
 */
export function materialiseSteps(
  steps: readonly TemplateStep[],
  fills: readonly (RecipientInput & { role: string })[],
  membersOf: ReadonlyMap<string, readonly RecipientInput[]>,
): MaterialisedSteps {
  const roles = templateRoles(steps);
  const byRole = new Map(fills.map((f) => [f.role.toLowerCase(), f]));
  const unknown = fills.find((f) => !roles.some((r) => r.toLowerCase() === f.role.toLowerCase()));
  if (unknown) throw new AppError(Code.INVALID_INPUT, `The workflow has no role “${unknown.role}”`);
  const out: StepInput[] = [];
  const slots: (string | null)[][] = [];
  for (const step of steps) {
    const people: RecipientInput[] = [];
    const stepSlots: (string | null)[] = [];
    const add = (p: RecipientInput) => {
      if (!people.some((q) => q.email.toLowerCase() === p.email.toLowerCase())) people.push(p);
    };
    for (const slot of step.recipients) {
      if (slot.kind === 'group') {
        stepSlots.push(null);
        continue;
      }
      const person = slot.kind === 'role' ? byRole.get(slot.role.toLowerCase()) : slot;
      if (!person) throw new AppError(Code.INVALID_INPUT, `Choose who is “${slotName(slot)}”`);
      const {
        role: _role,
        kind: _kind,
        ...recipient
      } = person as RecipientInput & { role?: string; kind?: string };
      add(recipient);
      stepSlots.push(recipient.email.toLowerCase());
    }
    // Groups come after the named people, so the slots above keep their people.
    for (const slot of step.recipients) {
      if (slot.kind !== 'group') continue;
      const members = membersOf.get(slot.groupId) ?? [];
      if (members.length === 0)
        throw new AppError(Code.INVALID_INPUT, `The group ${slotName(slot)} has no members`);
      for (const m of members) add(m);
    }
    out.push({ ...step, recipients: people });
    slots.push(stepSlots);
  }
  return { steps: out, slots };
}

/**
 * The steps as plain compose steps, for callers that fill places by position (web forms): -6
 * when a step has a group or a role, whose people such a caller cannot place.
 */
export function personSteps(steps: readonly TemplateStep[]): StepInput[] {
  return steps.map((step, i) => ({
    ...step,
    recipients: step.recipients.map((slot) => {
      if (slot.kind === 'role' || slot.kind === 'group')
        throw new AppError(
          Code.INVALID_INPUT,
          `Step ${i + 1} names ${slotName(slot)}, a ${slot.kind}: web forms take workflows of people and empty places`,
        );
      const { kind: _kind, ...person } = slot;
      return person;
    }),
  }));
}
