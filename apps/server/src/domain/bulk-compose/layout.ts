import {
  BULK_COMPOSE_RESULT_COLUMNS,
  BULK_COMPOSE_SIGNER_DETAILS,
  type BulkComposeLayout,
  CONTACT_NUMBER_PATTERN,
  Code,
  CsvRowCode,
  EmailSchema,
  type TemplateStep,
  type TemplateTag,
} from '@signet/contracts';
import { AppError } from '../app-error.ts';
import { tagWritableBy } from '../epaks/fill-tags.ts';
import { templateRoles } from '../templates/template-steps.ts';

/** Tag types whose value a CSV cell gives: text the custodian fills. */
const FIELD_TYPES = new Set(['text', 'textArea', 'calendar', 'singleSelect']);
const COUNTRY_CODE_PATTERN = /^\+?\d{1,3}$/;
const NAME_MAX = 100;
const SUBJECT_MAX = 250;
const FIELD_MAX = 1000;

/** A field's column name: its label, else its name, else its key. */
function fieldName(tag: TemplateTag): string {
  return (tag.label || tag.name || tag.key).trim();
}

/**
 * The CSV a document template takes: a subject, each role of its workflow (email, names, phone,
 * country code), and each text field the custodian fills (by label; one column for a field
 * placed several times).
 */
export function bulkComposeLayout(
  template: { id: string; name: string; tags: readonly TemplateTag[] },
  steps: readonly TemplateStep[],
): BulkComposeLayout {
  const roles = templateRoles(steps).map((name) => ({
    name,
    steps: steps.flatMap((s, i) =>
      s.recipients.some((r) => r.kind === 'role' && r.role.toLowerCase() === name.toLowerCase())
        ? [{ order: i + 1, type: s.type }]
        : [],
    ),
  }));
  const fields: BulkComposeLayout['fields'] = [];
  for (const tag of template.tags) {
    if (!FIELD_TYPES.has(tag.type) || !tagWritableBy(tag, 'custodian') || tag.readOnly) continue;
    const name = fieldName(tag);
    if (!name || fields.some((f) => f.name.toLowerCase() === name.toLowerCase())) continue;
    fields.push({ name, type: tag.type, ...(tag.options ? { options: tag.options } : {}) });
  }
  return {
    docTemplateId: template.id,
    templateName: template.name,
    roles,
    fields,
    columns: [
      'subject',
      ...roles.flatMap((r) => BULK_COMPOSE_SIGNER_DETAILS.map((d) => `${r.name}.${d}`)),
      ...fields.map((f) => `field.${f.name}`),
    ],
  };
}

/** Where each of the layout's columns is in the file, and how many cells a row must have. */
export interface HeaderMap {
  index: ReadonlyMap<string, number>;
  width: number;
}

const key = (column: string) => column.trim().toLowerCase();
const detailOf = (column: string) =>
  BULK_COMPOSE_SIGNER_DETAILS.find((d) => key(column).endsWith(`.${d.toLowerCase()}`));

/**
 * Checks a file's header against the layout. Columns may come in any order; `code` and
 * `message` (the failed-rows file's) are ignored. -107 when the file's roles are not the
 * template's, -175 when it has more or fewer columns, -174 for a column twice, missing or unknown.
 */
export function checkHeader(layout: BulkComposeLayout, header: readonly string[]): HeaderMap {
  const ignored = new Set<string>(BULK_COMPOSE_RESULT_COLUMNS);
  const used = header.map((h, i) => ({ name: h.trim(), i })).filter((c) => !ignored.has(key(c.name)));
  const seen = new Set<string>();
  for (const c of used) {
    if (seen.has(key(c.name)))
      throw new AppError(Code.CSV_VALIDATION, `The column “${c.name}” appears twice`);
    seen.add(key(c.name));
  }
  const fileRoles = new Set(
    used.flatMap((c) => {
      const d = detailOf(c.name);
      if (!d || key(c.name).startsWith('field.')) return [];
      return [key(c.name).slice(0, -(d.length + 1))];
    }),
  );
  const roles = new Set(layout.roles.map((r) => r.name.toLowerCase()));
  if (fileRoles.size !== roles.size || [...fileRoles].some((r) => !roles.has(r)))
    throw new AppError(
      Code.CSV_SIGNER_COUNT_MISMATCH,
      `The file has columns for ${fileRoles.size} signer role(s); the template has ${roles.size}` +
        (roles.size > 0 ? ` (${layout.roles.map((r) => r.name).join(', ')})` : ''),
    );
  if (used.length !== layout.columns.length)
    throw new AppError(
      Code.CSV_HEADER_COUNT_MISMATCH,
      `The header has ${used.length} columns; the template's has ${layout.columns.length}`,
    );
  const index = new Map<string, number>();
  for (const column of layout.columns) {
    const found = used.find((c) => key(c.name) === key(column));
    if (!found) throw new AppError(Code.CSV_VALIDATION, `The column “${column}” is missing`);
    index.set(column, found.i);
  }
  return { index, width: header.length };
}

/** The layout's own column order: rows are stored in it, whatever the uploaded file's order. */
export function layoutOrder(layout: BulkComposeLayout): HeaderMap {
  return { index: new Map(layout.columns.map((c, i) => [c, i])), width: layout.columns.length };
}

/** A row's cells in the layout's column order (a row of another width is kept as it is). */
export function inLayoutOrder(
  layout: BulkComposeLayout,
  header: HeaderMap,
  cells: readonly string[],
): string[] {
  if (cells.length !== header.width) return [...cells];
  return layout.columns.map((c) => cells[header.index.get(c) ?? -1] ?? '');
}

/** What one valid row composes: the ePak's subject, the people in its roles, its fields' values. */
export interface ComposedRow {
  subject: string | undefined;
  roleRecipients: { role: string; email: string; firstName: string; middleName: string; lastName: string }[];
  /** Phones given for roles, as ePak tags (`<role>.phone`), which the ePak tag search finds. */
  tags: { key: string; value: string }[];
  /** Field values by field name, lower-cased. */
  fieldValues: ReadonlyMap<string, string>;
}

export type RowCheck = { ok: true; row: ComposedRow } | { ok: false; code: number; message: string };

const refuse = (code: number, message: string): RowCheck => ({ ok: false, code, message });

/**
 * Checks one row and turns it into what compose takes. The first problem wins: -175 for a row
 * with more or fewer cells than the header; -171 for a role left empty; the spec's row codes
 * -1 … -5 for a role's email, first name, last name, phone and country code; -174 for a subject
 * or field value that cannot be used.
 */
export function checkRow(layout: BulkComposeLayout, header: HeaderMap, cells: readonly string[]): RowCheck {
  if (cells.length !== header.width)
    return refuse(
      Code.CSV_HEADER_COUNT_MISMATCH,
      `This row has ${cells.length} cells; the header has ${header.width}`,
    );
  const cell = (column: string) => (cells[header.index.get(column) ?? -1] ?? '').trim();
  const subject = cell('subject');
  if (subject.length > SUBJECT_MAX)
    return refuse(Code.CSV_VALIDATION, `The subject is longer than ${SUBJECT_MAX} characters`);
  const roleRecipients: ComposedRow['roleRecipients'] = [];
  const tags: { key: string; value: string }[] = [];
  for (const { name } of layout.roles) {
    const [email, firstName, lastName, phone, countryCode] = BULK_COMPOSE_SIGNER_DETAILS.map((d) =>
      cell(`${name}.${d}`),
    ) as [string, string, string, string, string];
    if (!email && !firstName && !lastName && !phone && !countryCode)
      return refuse(Code.CSV_MIN_SIGNERS, `No one is named for the role “${name}”`);
    if (!EmailSchema.safeParse(email).success)
      return refuse(CsvRowCode.EMAIL, `The email of “${name}” is not a valid address`);
    if (!firstName || firstName.length > NAME_MAX)
      return refuse(CsvRowCode.FIRST_NAME, `The first name of “${name}” is missing or too long`);
    if (!lastName || lastName.length > NAME_MAX)
      return refuse(CsvRowCode.LAST_NAME, `The last name of “${name}” is missing or too long`);
    if (phone && !CONTACT_NUMBER_PATTERN.test(phone))
      return refuse(CsvRowCode.PHONE, `The phone number of “${name}” is not valid`);
    if (countryCode && !COUNTRY_CODE_PATTERN.test(countryCode))
      return refuse(CsvRowCode.COUNTRY_CODE, `The country code of “${name}” is not valid (1–3 digits)`);
    roleRecipients.push({ role: name, email: email.toLowerCase(), firstName, middleName: '', lastName });
    if (phone)
      tags.push({
        key: `${name}.phone`.slice(0, 100),
        value: countryCode ? `${countryCode} ${phone}` : phone,
      });
  }
  const fieldValues = new Map<string, string>();
  for (const field of layout.fields) {
    const value = cell(`field.${field.name}`);
    if (value.length > FIELD_MAX)
      return refuse(Code.CSV_VALIDATION, `“${field.name}” is longer than ${FIELD_MAX} characters`);
    if (value && field.options && !field.options.includes(value))
      return refuse(Code.CSV_VALIDATION, `“${field.name}” must be one of: ${field.options.join(', ')}`);
    if (value) fieldValues.set(field.name.toLowerCase(), value);
  }
  return { ok: true, row: { subject: subject || undefined, roleRecipients, tags, fieldValues } };
}

/** A row's field value for a tag of the ePak, if the row gives one. */
export function fieldValueFor(
  row: ComposedRow,
  tag: { label: string; name: string; key: string },
): string | undefined {
  return row.fieldValues.get((tag.label || tag.name || tag.key).trim().toLowerCase());
}
