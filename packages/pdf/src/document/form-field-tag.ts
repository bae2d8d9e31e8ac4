import type { TagPlacement } from '../geometry/page-geometry.ts';

// Its own module: the sandbox (ingest/sandbox.ts) answers with this type and form-fields.ts
// runs through the sandbox, so the type sits below both.

/** An AcroForm field placed as a tag could be (spec §3 coordinates), one entry per widget. */
export interface FormFieldTag extends TagPlacement {
  fieldName: string;
  /** The PDF field type: text, checkbox, radio, dropdown, listbox, signature, button. */
  fieldType: string;
  /** The spec §3 tag type this field becomes. */
  tagType: 'text' | 'textArea' | 'signature' | 'singleSelect' | 'multiSelect';
  value: string | string[] | null;
  options: string[];
  required: boolean;
  readOnly: boolean;
}
