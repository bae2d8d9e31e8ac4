export { type FontFace, type FontRequest, registerFontFamily, resolveFaces } from './font-catalog.ts';
export { measureText, shapeText } from './shape-text.ts';
