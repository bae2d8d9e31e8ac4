/**
 * An ILIKE pattern that matches `value` anywhere, taken literally: its `%`, `_` and `\` are
 * escaped, so a search for "50%" finds "50%" and not everything starting with "50".
 */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
