import type { TemplateTag, WorkflowTemplate } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import type { EditorTag } from '../compose/tag-editor-state.ts';
import {
  draftOf,
  editorTagOf,
  inputOf,
  rolesOf,
  tagSlotsOf,
  templateTagsOf,
  workflowProblems,
} from './template-drafts.ts';

const person = { email: 'p@x.test', firstName: 'P', middleName: '', lastName: 'Q' };
const workflow: WorkflowTemplate = {
  workflowId: 'w',
  name: 'Hiring',
  description: '',
  signingPolicy: 'ESIGNATURE',
  shared: true,
  reminderIntervalDays: 2,
  reminderMax: 4,
  expiryDays: 7,
  ownerId: 'o',
  createdOn: '',
  steps: [
    {
      type: 'SIGN',
      name: '',
      minRequired: null,
      recipients: [
        { kind: 'group', groupId: 'g', groupName: 'Legal' },
        person,
        { kind: 'role', role: 'Employee' },
      ],
    },
    { type: 'EMAIL', name: '', minRequired: null, recipients: [{ kind: 'role', role: 'HR' }] },
    { type: 'SIGN', name: '', minRequired: null, recipients: [{ kind: 'role', role: 'employee' }] },
  ],
};

describe('workflow template drafts', () => {
  it('save a step’s roles first, then people, then groups, and keep reminders and expiry', () => {
    const input = inputOf(draftOf(workflow));
    expect(input.steps[0]?.recipients).toEqual([
      { kind: 'role', role: 'Employee' },
      person,
      { kind: 'group', groupId: 'g', groupName: 'Legal' },
    ]);
    expect([input.reminderIntervalDays, input.reminderMax, input.expiryDays]).toEqual([2, 4, 7]);
  });

  it('a template without a name, or a role twice in a step, is not saved', () => {
    const draft = draftOf(workflow);
    expect(workflowProblems({ ...draft, name: ' ' })).toEqual(['workflows.problems.noName']);
    const twice = {
      ...draft,
      steps: [{ ...(draft.steps[0] as (typeof draft.steps)[0]), roles: ['A', 'a'] }],
    };
    expect(workflowProblems(twice)).toEqual(['workflows.problems.roleTwice']);
    expect(workflowProblems(draft)).toEqual([]);
  });

  it('asks for each role once, and offers tags for people and roles but not for groups or email steps', () => {
    expect(rolesOf(workflow.steps)).toEqual(['Employee', 'HR']);
    expect(tagSlotsOf(workflow.steps).map((s) => [s.wfsOrderId, s.signerIndex, s.name])).toEqual([
      [1, 1, 'p@x.test'],
      [1, 2, 'Employee'],
      [3, 0, 'employee'],
    ]);
  });

  it('a tag placed for a slot is stored by its position in the step and read back the same', () => {
    const tag: EditorTag = {
      id: '5b3f6c1e-4c4b-4f5e-9a43-1f2a3b4c5d6e',
      entry: 'signature',
      pageNumber: 1,
      positionX: 10,
      positionY: 20,
      blockWidth: 160,
      blockHeight: 50,
      userEmail: 'slot-2',
      wfsOrderId: 1,
      required: true,
      label: '',
    };
    const [stored] = templateTagsOf([[], [tag]]);
    expect(stored).toMatchObject({ documentPosition: 1, signerIndex: 2, wfsOrderId: 1, key: 'signature' });
    expect(stored).not.toHaveProperty('userEmail');
    expect(editorTagOf(stored as TemplateTag)).toEqual({
      ...tag,
      fontFamily: undefined,
      fontSize: undefined,
      options: undefined,
      value: undefined,
    });
  });
});
