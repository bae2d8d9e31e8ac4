import type {
  DocuSignRecipient,
  DocuSignTemplate,
  DocuSignUnmapped,
  StepType,
  TemplateStep,
} from '@signet/contracts';

/** DocuSign's recipient kinds and the step each becomes; kinds not named here are listed as unmapped. */
const KIND_STEP: Readonly<Record<string, StepType>> = {
  signers: 'SIGN',
  inPersonSigners: 'INPERSONSIGN',
  // A certified delivery must open the envelope before it goes on: the nearest is a review.
  certifiedDeliveries: 'REVIEW',
  // An agent names who comes next; here the next recipients are fixed at compose, so the agent
  // only reviews (listed as a change).
  agents: 'REVIEW',
  carbonCopies: 'EMAIL',
};

/** Inside one routing order, steps that act come before the copies DocuSign sends at the same time. */
const TYPE_ORDER: Readonly<Record<StepType, number>> = { SIGN: 0, INPERSONSIGN: 1, REVIEW: 2, EMAIL: 3 };

export interface PlacedRecipient {
  recipient: DocuSignRecipient;
  kind: string;
  role: string;
  /** 1-based step (`wfsOrderId`) and position in it (`signerIndex`). */
  wfsOrderId: number;
  signerIndex: number;
  stepType: StepType;
}

export interface MappedRecipients {
  steps: TemplateStep[];
  placed: PlacedRecipient[];
  unmapped: DocuSignUnmapped[];
}

const roleOf = (r: DocuSignRecipient, kind: string) =>
  (r.roleName?.trim() || r.name?.trim() || `${kind} ${r.recipientId ?? ''}`.trim()).slice(0, 100);

/**
 * DocuSign's routing becomes steps: recipients with equal routing orders act in parallel (one
 * step), increasing orders in turn. Our step has one type, so one routing order with signers and
 * carbon copies becomes a signing step followed by an email step (listed). Every recipient
 * becomes a role filled at compose, as a template's recipients are placeholders.
 */
export function mapRecipients(template: DocuSignTemplate): MappedRecipients {
  const unmapped: DocuSignUnmapped[] = [];
  const candidates: { recipient: DocuSignRecipient; kind: string; type: StepType; order: number }[] = [];
  for (const [kind, list] of Object.entries(template.recipients)) {
    const type = KIND_STEP[kind];
    for (const recipient of list) {
      if (!type) {
        unmapped.push({
          item: `${kind}: ${roleOf(recipient, kind)}`,
          reason: 'This kind of recipient has no equivalent; it was left out of the workflow.',
        });
        continue;
      }
      if (kind === 'agents')
        unmapped.push({
          item: `agents: ${roleOf(recipient, kind)}`,
          reason: 'An agent cannot name the next recipients here; the agent reviews instead.',
        });
      const order = Number.parseInt(recipient.routingOrder ?? '1', 10);
      candidates.push({ recipient, kind, type, order: Number.isFinite(order) ? order : 1 });
    }
  }
  const groups = new Map<string, typeof candidates>();
  for (const c of candidates) {
    const key = `${c.order}:${c.type}`;
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const ordered = [...groups.values()].sort(
    (a, b) =>
      (a[0]?.order ?? 0) - (b[0]?.order ?? 0) ||
      TYPE_ORDER[a[0]?.type ?? 'SIGN'] - TYPE_ORDER[b[0]?.type ?? 'SIGN'],
  );
  const orders = new Map<number, number>();
  for (const g of ordered) orders.set(g[0]?.order ?? 0, (orders.get(g[0]?.order ?? 0) ?? 0) + 1);
  for (const [order, count] of orders)
    if (count > 1)
      unmapped.push({
        item: `routing order ${order}`,
        reason: 'Recipients of different kinds at one routing order act one step after another here.',
      });

  const steps: TemplateStep[] = [];
  const placed: PlacedRecipient[] = [];
  for (const group of ordered) {
    const type = group[0]?.type ?? 'SIGN';
    const roles: string[] = [];
    const taken = new Set<string>();
    for (const c of group) {
      const role = roleOf(c.recipient, c.kind);
      // One role twice in a step would be one person twice; the second keeps its own name.
      const unique = taken.has(role.toLowerCase())
        ? `${role} ${c.recipient.recipientId ?? roles.length + 1}`.slice(0, 100)
        : role;
      taken.add(unique.toLowerCase());
      placed.push({
        recipient: c.recipient,
        kind: c.kind,
        role: unique,
        wfsOrderId: steps.length + 1,
        signerIndex: roles.length,
        stepType: type,
      });
      roles.push(unique);
    }
    steps.push({
      type,
      name: '',
      minRequired: null,
      recipients: roles.map((role) => ({ kind: 'role' as const, role })),
    });
  }
  return { steps, placed, unmapped };
}
