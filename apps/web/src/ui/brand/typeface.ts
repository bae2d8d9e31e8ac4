/**
 * The app's typeface (src/ui/brand/fonts.css declares its faces): Noto Sans, whose Devanagari
 * glyphs are Noto Sans Devanagari's, drawn to match its Latin ones — one family for English,
 * French and Hindi. The theme (src/app/theme.ts) puts the system's sans-serif behind it, which
 * stands in while the face loads and for any script it does not cover.
 */
export const TYPEFACE = 'Noto Sans Variable';
