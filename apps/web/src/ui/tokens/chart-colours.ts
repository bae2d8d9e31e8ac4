/**
 * The hues of chart series that count events rather than statuses (received, created, actions,
 * hours): a series that counts a status is drawn in that status's `mark`
 * (ui/tokens/status-colours.ts). Each event hue is a graphical colour of at least 3:1 on white
 * (WCAG 1.4.11) and at least ΔE 20 (CIE76) from every status mark and from the other event hues,
 * so an event series is never mistaken for a status beside it.
 */
export const EVENT_MARKS = [
  '#364fc7', // indigo
  '#8d5a2b', // brown
  '#5c940d', // lime
] as const;

/** The event hue of the `index`-th event series of a chart; past three they repeat. */
export function eventMark(index: number): string {
  return (
    EVENT_MARKS[((index % EVENT_MARKS.length) + EVENT_MARKS.length) % EVENT_MARKS.length] ?? EVENT_MARKS[0]
  );
}
