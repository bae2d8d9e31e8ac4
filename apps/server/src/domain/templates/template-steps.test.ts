import { Code, type TemplateStep } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { checkTemplateSteps, materialiseSteps, personSteps, templateRoles } from './template-steps.ts';

const person = (email: string) => ({ email, firstName: '', middleName: '', lastName: '' });
const step = (recipients: TemplateStep['recipients']): TemplateStep => ({
  type: 'SIGN',
  name: '',
  minRequired: null,
  recipients,
});
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
  return null;
};

describe('template steps', () => {
  it('a role named in two steps is one role to fill, listed once in the order it first appears', () => {
    const steps = [
      step([{ kind: 'role', role: 'Employee' }]),
      step([
        { kind: 'role', role: 'Manager' },
        { kind: 'role', role: 'employee' },
      ]),
    ];
    expect(templateRoles(steps)).toEqual(['Employee', 'Manager']);
    const { steps: out } = materialiseSteps(
      steps,
      [
        { role: 'EMPLOYEE', ...person('e@x.test') },
        { role: 'Manager', ...person('m@x.test') },
      ],
      new Map(),
    );
    expect(out.map((s) => s.recipients.map((r) => r.email))).toEqual([
      ['e@x.test'],
      ['m@x.test', 'e@x.test'],
    ]);
  });

  it('a group becomes its members after the named people, and the slots keep pointing at the named people', () => {
    const steps = [
      step([
        { kind: 'group', groupId: 'g', groupName: 'Legal' },
        { kind: 'role', role: 'Client' },
        { kind: 'person', ...person('boss@x.test') },
      ]),
    ];
    const members = new Map([['g', [person('a@x.test'), person('BOSS@x.test')]]]);
    const out = materialiseSteps(steps, [{ role: 'Client', ...person('c@x.test') }], members);
    expect(out.steps[0]?.recipients.map((r) => r.email)).toEqual(['c@x.test', 'boss@x.test', 'a@x.test']);
    expect(out.steps[0]?.recipients[0]).not.toHaveProperty('role');
    expect(out.slots).toEqual([[null, 'c@x.test', 'boss@x.test']]);
  });

  it('refuses a role left empty, a fill for no role, and a group without members (-6)', () => {
    const steps = [
      step([
        { kind: 'role', role: 'Client' },
        { kind: 'group', groupId: 'g', groupName: 'Legal' },
      ]),
    ];
    const members = new Map([['g', [person('a@x.test')]]]);
    expect(codeOf(() => materialiseSteps(steps, [], members))).toBe(Code.INVALID_INPUT);
    expect(
      codeOf(() =>
        materialiseSteps(
          steps,
          [
            { role: 'Client', ...person('c@x.test') },
            { role: 'Other', ...person('o@x.test') },
          ],
          members,
        ),
      ),
    ).toBe(Code.INVALID_INPUT);
    expect(
      codeOf(() => materialiseSteps(steps, [{ role: 'Client', ...person('c@x.test') }], new Map())),
    ).toBe(Code.INVALID_INPUT);
  });

  it('refuses a person, role or group named twice in one step, but not in two steps', () => {
    expect(codeOf(() => checkTemplateSteps([step([person('a@x.test'), person('A@x.test')])]))).toBe(
      Code.INVALID_INPUT,
    );
    expect(
      codeOf(() =>
        checkTemplateSteps([
          step([
            { kind: 'role', role: 'X' },
            { kind: 'role', role: 'x' },
          ]),
        ]),
      ),
    ).toBe(Code.INVALID_INPUT);
    expect(
      codeOf(() => checkTemplateSteps([step([person('a@x.test')]), step([person('a@x.test')])])),
    ).toBeNull();
  });

  it('gives callers that place people by position plain steps, refusing roles and groups', () => {
    expect(personSteps([step([{ kind: 'person', ...person('a@x.test') }])])[0]?.recipients).toEqual([
      person('a@x.test'),
    ]);
    expect(codeOf(() => personSteps([step([{ kind: 'role', role: 'X' }])]))).toBe(Code.INVALID_INPUT);
  });
});
