import type { TagColour } from '@signet/contracts';
import { recipientColour } from '../../ui/tokens/recipient-colours.ts';

/** The tag colours of spec §9, by state: the tag in hand, ready, still to do, refused. */
export const TAG_COLOURS: Readonly<Record<(typeof TagColour)[number], string>> = {
  selected: '#1c7ed6',
  configured: '#2f9e44',
  remaining: '#e8590c',
  invalid: '#e03131',
};

/**
 * One tint per recipient, so a custodian sees at a glance whose tags are whose: the recipient's
 * colour of the design system (ui/tokens/recipient-colours.ts), the same beside their name.
 */
export function recipientTint(index: number): string {
  return recipientColour(index);
}

/** `#rrggbb` with an alpha, for tints over the page. */
export function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${hex}${a}`;
}
