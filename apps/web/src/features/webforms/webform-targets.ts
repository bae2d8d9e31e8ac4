import {
  type StepInput,
  type TemplateTag,
  WebformRecipientPart,
  type WebformTarget,
  webformFields,
  webformRecipientSlots,
} from '@signet/contracts';

/**
 * What an input fills, as the value of one select: `field:<name>`, `recipient:<step>:<index>:<part>`,
 * `subject`, or '' for nothing. Pure, so the editor's choices are unit-tested.
 */
export function encodeTarget(target: WebformTarget | undefined): string {
  if (!target) return '';
  if (target.kind === 'field') return `field:${target.field}`;
  if (target.kind === 'recipient') return `recipient:${target.step}:${target.index}:${target.part}`;
  return 'subject';
}

export function decodeTarget(value: string): WebformTarget | undefined {
  if (value === 'subject') return { kind: 'subject' };
  if (value.startsWith('field:')) return { kind: 'field', field: value.slice('field:'.length) };
  const m = /^recipient:(\d+):(\d+):(\w+)$/.exec(value);
  const part = m?.[3] as WebformRecipientPart;
  if (m && WebformRecipientPart.includes(part))
    return { kind: 'recipient', step: Number(m[1]), index: Number(m[2]), part };
  return undefined;
}

export interface RecipientChoice {
  value: string;
  step: number;
  stepName: string;
  index: number;
  part: WebformRecipientPart;
}

/** The choices a mapping offers for its templates: fields, then every recipient place's parts. */
export function targetChoices(
  tags: readonly TemplateTag[],
  steps: readonly (Pick<StepInput, 'name' | 'type'> & { recipients: readonly unknown[] })[],
) {
  const fields = webformFields(tags);
  const slots = webformRecipientSlots(steps, tags);
  const recipients: RecipientChoice[] = steps.flatMap((s, i) =>
    Array.from({ length: slots[i] ?? 0 }, (_, index) =>
      WebformRecipientPart.map((part) => ({
        value: encodeTarget({ kind: 'recipient', step: i + 1, index, part }),
        step: i + 1,
        stepName: s.name || s.type,
        index,
        part,
      })),
    ).flat(),
  );
  return { fields, recipients };
}

/** An input named like a field fills it unless the admin chose otherwise (as the server does). */
export function defaultTarget(inputName: string, fields: readonly string[]): string {
  return fields.includes(inputName) ? encodeTarget({ kind: 'field', field: inputName }) : '';
}
