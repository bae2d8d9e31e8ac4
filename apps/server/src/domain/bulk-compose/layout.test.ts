import { Code, CsvRowCode, type TemplateStep, type TemplateTag } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { bulkComposeLayout, checkHeader, checkRow } from './layout.ts';

const steps: TemplateStep[] = [
  {
    type: 'SIGN',
    name: 'Sign',
    minRequired: null,
    recipients: [{ kind: 'role', role: 'Employee' }],
  },
  {
    type: 'SIGN',
    name: 'Countersign',
    minRequired: null,
    recipients: [
      { kind: 'role', role: 'Manager' },
      { email: 'hr@example.test', firstName: 'H', middleName: '', lastName: 'R' },
    ],
  },
];
const tag = (extra: Partial<TemplateTag>): TemplateTag =>
  ({
    key: 'text',
    type: 'text',
    name: '',
    label: '',
    category: 'printed',
    tagFor: 'custodian',
    createType: 'new',
    pageNumber: 1,
    positionX: 10,
    positionY: 10,
    blockWidth: 100,
    blockHeight: 20,
    readOnly: false,
    documentPosition: 0,
    ...extra,
  }) as TemplateTag;
const tags = [
  tag({ label: 'Salary' }),
  tag({ label: 'salary', pageNumber: 2 }),
  tag({ label: 'Grade', type: 'singleSelect', options: ['A', 'B'] }),
  tag({ label: 'Signer note', tagFor: 'signer' }),
  tag({ key: 'signature', type: 'signature', tagFor: 'signer', wfsOrderId: 1, signerIndex: 0 }),
];
const layout = bulkComposeLayout({ id: 't1', name: 'Offer letter', tags }, steps);
const header = layout.columns;
const good = [
  'Offer for Ann',
  ...['ann@example.test', 'Ann', 'Lee', '9876543210', '+91'],
  ...['bob@example.test', 'Bob', 'Roy', '', ''],
  '50000',
  'A',
];

function refusal(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  return undefined;
}

describe('bulk compose layout', () => {
  it('asks for a subject, each role once with its five details, and each custodian text field once', () => {
    expect(layout.roles.map((r) => r.name)).toEqual(['Employee', 'Manager']);
    expect(layout.columns).toEqual([
      'subject',
      'Employee.email',
      'Employee.firstName',
      'Employee.lastName',
      'Employee.phone',
      'Employee.countryCode',
      'Manager.email',
      'Manager.firstName',
      'Manager.lastName',
      'Manager.phone',
      'Manager.countryCode',
      'field.Salary',
      'field.Grade',
    ]);
  });

  it('accepts the header in any order, ignoring the failed-rows file’s code and message columns', () => {
    const shuffled = [...header].reverse();
    expect(checkHeader(layout, [...shuffled, 'code', 'message']).width).toBe(header.length + 2);
  });

  it('refuses a header whose roles are not the template’s (-107), of another length (-175), or with a column twice or unknown (-174)', () => {
    const third = [
      ...header,
      'Witness.email',
      'Witness.firstName',
      'Witness.lastName',
      'Witness.phone',
      'Witness.countryCode',
    ];
    expect(refusal(() => checkHeader(layout, third))).toBe(Code.CSV_SIGNER_COUNT_MISMATCH);
    expect(
      refusal(() =>
        checkHeader(
          layout,
          header.filter((c) => !c.startsWith('Manager.')),
        ),
      ),
    ).toBe(Code.CSV_SIGNER_COUNT_MISMATCH);
    expect(refusal(() => checkHeader(layout, header.slice(0, -1)))).toBe(Code.CSV_HEADER_COUNT_MISMATCH);
    expect(refusal(() => checkHeader(layout, [...header.slice(0, -1), 'subject']))).toBe(Code.CSV_VALIDATION);
    expect(refusal(() => checkHeader(layout, [...header.slice(0, -1), 'field.Other']))).toBe(
      Code.CSV_VALIDATION,
    );
  });

  it('turns a good row into role recipients, a phone tag and field values', () => {
    const check = checkRow(layout, checkHeader(layout, header), good);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.row.subject).toBe('Offer for Ann');
    expect(check.row.roleRecipients.map((r) => [r.role, r.email])).toEqual([
      ['Employee', 'ann@example.test'],
      ['Manager', 'bob@example.test'],
    ]);
    expect(check.row.tags).toEqual([{ key: 'Employee.phone', value: '+91 9876543210' }]);
    expect(check.row.fieldValues.get('salary')).toBe('50000');
  });

  it('names the first problem of a row with the spec’s codes', () => {
    const map = checkHeader(layout, header);
    const codeOf = (i: number, value: string) => {
      const cells = [...good];
      cells[i] = value;
      const check = checkRow(layout, map, cells);
      return check.ok ? 1 : check.code;
    };
    expect(codeOf(1, 'not-an-email')).toBe(CsvRowCode.EMAIL);
    expect(codeOf(2, '')).toBe(CsvRowCode.FIRST_NAME);
    expect(codeOf(3, '')).toBe(CsvRowCode.LAST_NAME);
    expect(codeOf(4, '12')).toBe(CsvRowCode.PHONE);
    expect(codeOf(5, '+9999')).toBe(CsvRowCode.COUNTRY_CODE);
    expect(codeOf(12, 'C')).toBe(Code.CSV_VALIDATION);
    const noManager = [...good];
    noManager.splice(6, 5, '', '', '', '', '');
    const empty = checkRow(layout, map, noManager);
    expect(empty.ok ? 1 : empty.code).toBe(Code.CSV_MIN_SIGNERS);
    const short = checkRow(layout, map, good.slice(0, -1));
    expect(short.ok ? 1 : short.code).toBe(Code.CSV_HEADER_COUNT_MISMATCH);
  });
});
