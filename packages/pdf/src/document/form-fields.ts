import { PdfDocument } from '../core/document.ts';
import { userRectToTag } from '../geometry/page-geometry.ts';
import { readAllPageGeometry } from '../geometry/read-geometry.ts';
import { extractFormFields } from '../ingest/pdf-tasks.ts';
import { formFieldTagsSandboxed, type SandboxOptions } from '../ingest/sandbox.ts';
import type { FormFieldTag } from './form-field-tag.ts';

export type { FormFieldTag } from './form-field-tag.ts';

const TAG_TYPE: Record<string, FormFieldTag['tagType']> = {
  text: 'text',
  signature: 'signature',
  dropdown: 'singleSelect',
  radio: 'singleSelect',
  checkbox: 'singleSelect',
  listbox: 'multiSelect', // a list box allowing one choice only becomes singleSelect below
};

/**
 * Lists the form fields of a PDF with each widget's rectangle in tag coordinates, so the editor
 * can turn PDF form fields into tags. Push buttons and fields without widgets are left out.
 */
export function extractFormFieldTags(pdf: Uint8Array, opts: SandboxOptions = {}): Promise<FormFieldTag[]> {
  return formFieldTagsSandboxed(pdf, opts);
}

/** The work of `extractFormFieldTags`; called inside the sandbox process. */
export async function formFieldTagsInProcess(pdf: Uint8Array): Promise<FormFieldTag[]> {
  const fields = await extractFormFields(pdf);
  const pages = readAllPageGeometry(PdfDocument.open(pdf));
  const out: FormFieldTag[] = [];
  for (const f of fields) {
    const base = TAG_TYPE[f.type];
    let tagType = base;
    if (f.type === 'text' && f.multi) tagType = 'textArea';
    else if (f.type === 'listbox' && !f.multi) tagType = 'singleSelect';
    if (!tagType) continue;
    for (const w of f.widgets) {
      const page = pages[w.pageNumber - 1];
      if (!page) continue;
      const placement = userRectToTag(page, w.rect);
      if (placement.blockWidth <= 0 || placement.blockHeight <= 0) continue;
      out.push({
        ...placement,
        fieldName: f.name,
        fieldType: f.type,
        tagType,
        value: f.value,
        options: f.options,
        required: f.required,
        readOnly: f.readOnly,
      });
    }
  }
  return out;
}
