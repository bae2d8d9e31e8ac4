/**
 * One colour per recipient, by their place in the workflow (first signer 0, the next 1, …),
 * the same in the tag editor, the signing view and wherever recipients are listed (issue 31).
 * Ten hues in an order that keeps neighbours far apart; past ten they repeat.
 *
 * These are graphical colours: swatches, tags' tints and outlines. Each has at least 3:1 against
 * white (WCAG 1.4.11), and any two differ by at least ΔE 20 (CIE76), so they are told apart at a
 * glance. A recipient's name is never written in their colour: it is written in the text colour
 * beside their swatch, so the colours need not reach text contrast (4.5:1), which would leave too
 * few distinct hues.
 */
export const RECIPIENT_COLOURS = [
  '#1c7ed6', // blue
  '#e8590c', // orange
  '#2f9e44', // green
  '#ae3ec9', // grape
  '#d6336c', // pink
  '#099268', // teal
  '#b07d00', // amber
  '#4263eb', // indigo
  '#0c8599', // cyan
  '#8d5a2b', // brown
] as const;

/** Tags that belong to nobody in the current view (another signer's, a removed recipient's). */
export const NO_RECIPIENT_COLOUR = '#adb5bd';

/** The colour of the recipient at `index`; a negative index (nobody) is grey. */
export function recipientColour(index: number): string {
  if (index < 0 || !Number.isInteger(index)) return NO_RECIPIENT_COLOUR;
  return RECIPIENT_COLOURS[index % RECIPIENT_COLOURS.length] as string;
}
