/**
 * Whether a tag's value is a picture (a signature, initials, image or stamp made in the browser):
 * such a value is drawn, never written out as text — its `data:` text means nothing to a person.
 */
export function isImageValue(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(value.trim());
}
