/**
 * The demo tenant's history as data: forty ePaks spread over seven weeks, chosen so that every
 * folder of every demo person holds something (the senders' twelve; the recipients' eight — Draft,
 * Pending, Stopped and Deleted belong to owners). Times are relative: `day` days before the
 * history's end, then `after` hours between one act and the next.
 */

export type DemoPerson = 'admin' | 'custodian' | 'submitter' | 'signer1' | 'signer2' | 'registrar';

export const DEMO_PEOPLE: Readonly<Record<DemoPerson, string>> = {
  admin: 'admin@demo.test',
  custodian: 'custodian@demo.test',
  submitter: 'submitter@demo.test',
  signer1: 'signer1@demo.test',
  signer2: 'signer2@demo.test',
  registrar: 'registrar@demo.test',
};

export type DemoStep = { type: 'REVIEW' | 'SIGN' | 'EMAIL' | 'INPERSONSIGN'; who: DemoPerson[] };

export type DemoAct = { after?: number } & (
  | { do: 'review'; who: DemoPerson; comment?: string }
  | { do: 'sign'; who: DemoPerson; comment?: string }
  | { do: 'reject'; who: DemoPerson; comment: string }
  | { do: 'delegate'; who: DemoPerson; to: DemoPerson; comment: string }
  | { do: 'star'; who: DemoPerson }
  | { do: 'stop' }
  | { do: 'archive' }
  | { do: 'delete' }
  /** The expiry date passes: the expiry job's work runs at that moment. */
  | { do: 'expire' }
);

export interface DemoPlan {
  subject: string;
  /** The other party named in the document. */
  party: string;
  owner: DemoPerson;
  day: number;
  steps: DemoStep[];
  draft?: boolean;
  expiresInDays?: number;
  message?: string;
  acts?: DemoAct[];
}

const R = (...who: DemoPerson[]): DemoStep => ({ type: 'REVIEW', who });
const S = (...who: DemoPerson[]): DemoStep => ({ type: 'SIGN', who });
const E = (...who: DemoPerson[]): DemoStep => ({ type: 'EMAIL', who });
const P = (...who: DemoPerson[]): DemoStep => ({ type: 'INPERSONSIGN', who });

export const DEMO_PLANS: readonly DemoPlan[] = [
  // Completed, with real signatures.
  {
    subject: 'Master services agreement — Acme',
    party: 'Acme Corporation',
    owner: 'custodian',
    day: 48,
    steps: [R('admin'), S('signer1', 'signer2'), E('registrar')],
    message: 'Please review and sign by Friday.',
    acts: [
      { do: 'review', who: 'admin', comment: 'Clause 2 reads well; fine to send.', after: 5 },
      { do: 'sign', who: 'signer1', after: 20 },
      { do: 'sign', who: 'signer2', after: 3 },
      { do: 'star', who: 'custodian', after: 1 },
    ],
  },
  {
    subject: 'Office lease renewal',
    party: 'Harbour Properties',
    owner: 'custodian',
    day: 45,
    steps: [S('signer1')],
    acts: [{ do: 'sign', who: 'signer1', comment: 'Signed — thanks for the quick turnaround.', after: 6 }],
  },
  {
    subject: 'Consulting agreement — Nordlicht GmbH',
    party: 'Nordlicht GmbH',
    owner: 'submitter',
    day: 42,
    steps: [R('custodian'), S('signer2')],
    acts: [
      { do: 'review', who: 'custodian', after: 4 },
      { do: 'sign', who: 'signer2', after: 26 },
    ],
  },
  {
    subject: 'Supplier onboarding — Brightline',
    party: 'Brightline Supplies',
    owner: 'admin',
    day: 40,
    steps: [S('submitter', 'registrar')],
    acts: [
      { do: 'sign', who: 'submitter', after: 5 },
      { do: 'sign', who: 'registrar', after: 9 },
    ],
  },
  {
    subject: 'Employment contract — Priya Nair',
    party: 'Priya Nair',
    owner: 'custodian',
    day: 37,
    steps: [S('admin')],
    acts: [{ do: 'sign', who: 'admin', after: 8 }],
  },
  {
    subject: 'Purchase order PO-2291',
    party: 'Kestrel Tools',
    owner: 'submitter',
    day: 35,
    steps: [S('signer1'), S('signer2')],
    acts: [
      { do: 'sign', who: 'signer1', after: 3 },
      { do: 'sign', who: 'signer2', after: 30 },
    ],
  },
  {
    subject: 'Data processing agreement',
    party: 'CloudNine Hosting',
    owner: 'admin',
    day: 31,
    steps: [R('signer2'), S('custodian')],
    acts: [
      { do: 'review', who: 'signer2', after: 6 },
      { do: 'sign', who: 'custodian', after: 10 },
    ],
  },
  {
    subject: 'Non-disclosure agreement — Vega Labs',
    party: 'Vega Labs',
    owner: 'custodian',
    day: 28,
    steps: [R('signer1'), S('registrar')],
    acts: [
      { do: 'review', who: 'signer1', after: 5 },
      { do: 'sign', who: 'registrar', after: 12 },
    ],
  },
  {
    subject: 'Software licence renewal',
    party: 'Quantum Apps',
    owner: 'custodian',
    day: 24,
    steps: [R('registrar'), S('signer2')],
    acts: [
      { do: 'review', who: 'registrar', after: 4 },
      { do: 'sign', who: 'signer2', after: 22 },
    ],
  },
  {
    subject: 'Partnership memorandum',
    party: 'Riverside Foundation',
    owner: 'custodian',
    day: 20,
    steps: [R('submitter'), S('signer1')],
    acts: [
      { do: 'review', who: 'submitter', comment: 'Added the missing annex reference.', after: 3 },
      { do: 'sign', who: 'signer1', after: 7 },
    ],
  },
  // Completed, then archived by their owner.
  {
    subject: 'Annual audit engagement letter',
    party: 'Fairweather & Co',
    owner: 'custodian',
    day: 47,
    steps: [S('signer1', 'signer2'), E('registrar')],
    acts: [
      { do: 'sign', who: 'signer1', after: 4 },
      { do: 'sign', who: 'signer2', after: 6 },
      { do: 'archive', after: 72 },
    ],
  },
  {
    subject: 'Insurance renewal 2025',
    party: 'Sentinel Insurance',
    owner: 'admin',
    day: 44,
    steps: [R('submitter'), S('custodian')],
    acts: [
      { do: 'review', who: 'submitter', after: 5 },
      { do: 'sign', who: 'custodian', after: 8 },
      { do: 'archive', after: 100 },
    ],
  },
  // Rejected, with a reason from the list and a comment.
  {
    subject: 'Marketing services quote',
    party: 'Bright Ideas Agency',
    owner: 'custodian',
    day: 38,
    steps: [S('signer1')],
    acts: [
      {
        do: 'reject',
        who: 'signer1',
        comment: 'The fees in clause 1 differ from the quote we agreed.',
        after: 9,
      },
      { do: 'star', who: 'custodian', after: 1 },
    ],
  },
  {
    subject: 'Freelance contract — J. Moreau',
    party: 'Julien Moreau',
    owner: 'submitter',
    day: 30,
    steps: [R('signer2')],
    acts: [{ do: 'reject', who: 'signer2', comment: 'Payment terms are missing.', after: 7 }],
  },
  {
    subject: 'Equipment lease — forklifts',
    party: 'LiftRight Leasing',
    owner: 'admin',
    day: 16,
    steps: [S('registrar')],
    acts: [{ do: 'reject', who: 'registrar', comment: 'We asked for three forklifts, not two.', after: 5 }],
  },
  // Expired: the expiry date passed before everyone acted.
  {
    subject: 'Travel policy acknowledgement',
    party: 'All staff',
    owner: 'custodian',
    day: 46,
    steps: [S('signer2')],
    expiresInDays: 7,
    acts: [{ do: 'expire' }],
  },
  {
    subject: 'Vendor code of conduct',
    party: 'Partner vendors',
    owner: 'submitter',
    day: 34,
    steps: [S('signer1', 'registrar')],
    expiresInDays: 10,
    acts: [{ do: 'sign', who: 'signer1', after: 4 }, { do: 'expire' }],
  },
  {
    subject: 'Board resolution — review',
    party: 'Board of directors',
    owner: 'admin',
    day: 27,
    steps: [R('custodian')],
    expiresInDays: 5,
    acts: [{ do: 'expire' }],
  },
  // Delegated: each demo person hands one action to a colleague.
  {
    subject: 'Facilities maintenance contract',
    party: 'CityFix Services',
    owner: 'custodian',
    day: 43,
    steps: [S('signer1')],
    acts: [
      {
        do: 'delegate',
        who: 'signer1',
        to: 'signer2',
        comment: 'Sara handles facilities contracts.',
        after: 3,
      },
      { do: 'sign', who: 'signer2', after: 5 },
    ],
  },
  {
    subject: 'IT security policy sign-off',
    party: 'IT department',
    owner: 'custodian',
    day: 6,
    steps: [S('signer2')],
    acts: [
      {
        do: 'delegate',
        who: 'signer2',
        to: 'registrar',
        comment: 'Ravi keeps the policy register.',
        after: 4,
      },
    ],
  },
  {
    subject: 'Catering agreement',
    party: 'Green Table Catering',
    owner: 'submitter',
    day: 33,
    steps: [S('admin')],
    acts: [
      {
        do: 'delegate',
        who: 'admin',
        to: 'custodian',
        comment: 'Carlos owns the catering budget.',
        after: 2,
      },
      { do: 'sign', who: 'custodian', after: 6 },
    ],
  },
  {
    subject: 'Recruitment agency terms',
    party: 'TalentBridge',
    owner: 'admin',
    day: 26,
    steps: [S('custodian')],
    acts: [
      {
        do: 'delegate',
        who: 'custodian',
        to: 'submitter',
        comment: 'Sofia runs hiring this quarter.',
        after: 5,
      },
      { do: 'sign', who: 'submitter', after: 4 },
    ],
  },
  {
    subject: 'Sponsorship proposal',
    party: 'City Marathon',
    owner: 'custodian',
    day: 9,
    steps: [R('submitter'), S('signer1')],
    acts: [
      { do: 'delegate', who: 'submitter', to: 'admin', comment: 'Asha approves sponsorships.', after: 3 },
      { do: 'review', who: 'admin', comment: 'Approved within the marketing budget.', after: 20 },
    ],
  },
  {
    subject: 'Cleaning services renewal',
    party: 'Sparkle Cleaning',
    owner: 'admin',
    day: 22,
    steps: [S('registrar')],
    acts: [
      { do: 'delegate', who: 'registrar', to: 'signer1', comment: 'Sanjay manages the office.', after: 6 },
      { do: 'sign', who: 'signer1', after: 3 },
    ],
  },
  // Stopped by their owner.
  {
    subject: 'Warehouse rental — first terms',
    party: 'Dockside Storage',
    owner: 'custodian',
    day: 19,
    steps: [S('signer2')],
    acts: [{ do: 'stop', after: 48 }],
  },
  {
    subject: 'Price list update',
    party: 'Retail partners',
    owner: 'submitter',
    day: 15,
    steps: [S('signer1')],
    acts: [{ do: 'stop', after: 30 }],
  },
  {
    subject: 'Bonus scheme letter',
    party: 'Sales team',
    owner: 'admin',
    day: 13,
    steps: [S('signer2')],
    acts: [{ do: 'stop', after: 20 }],
  },
  // Deleted (within the 30 days the Deleted folder keeps them).
  {
    subject: 'Test NDA — please ignore',
    party: 'Nobody',
    owner: 'custodian',
    day: 12,
    steps: [S('signer1')],
    draft: true,
    acts: [{ do: 'delete', after: 24 }],
  },
  {
    subject: 'Duplicate invoice approval',
    party: 'Kestrel Tools',
    owner: 'submitter',
    day: 10,
    steps: [S('signer2')],
    acts: [{ do: 'delete', after: 5 }],
  },
  {
    subject: 'Unused quote',
    party: 'Bright Ideas Agency',
    owner: 'admin',
    day: 8,
    steps: [S('signer1')],
    draft: true,
    acts: [{ do: 'delete', after: 30 }],
  },
  // Drafts.
  {
    subject: 'Service level agreement — draft',
    party: 'CloudNine Hosting',
    owner: 'custodian',
    day: 3,
    steps: [R('admin'), S('signer1')],
    draft: true,
  },
  {
    subject: 'Agency agreement — draft',
    party: 'TalentBridge',
    owner: 'submitter',
    day: 2,
    steps: [S('custodian')],
    draft: true,
  },
  {
    subject: 'Remote work policy — draft',
    party: 'All staff',
    owner: 'admin',
    day: 1,
    steps: [S('signer1', 'signer2')],
    draft: true,
  },
  // In progress, waiting at each kind of step.
  {
    subject: 'Quarterly compliance report',
    party: 'Compliance office',
    owner: 'custodian',
    day: 5,
    steps: [R('signer1'), S('signer2')],
  },
  {
    subject: 'Software development agreement',
    party: 'Pixel Forge',
    owner: 'custodian',
    day: 4,
    steps: [S('signer2')],
    acts: [{ do: 'star', who: 'signer2', after: 2 }],
  },
  {
    subject: 'Loan agreement — signed in person',
    party: 'Ravi Registrar',
    owner: 'submitter',
    day: 3,
    steps: [P('registrar')],
  },
  {
    subject: 'Distribution agreement — Südwind',
    party: 'Südwind Handel',
    owner: 'admin',
    day: 11,
    steps: [R('signer2'), S('submitter')],
    acts: [{ do: 'review', who: 'signer2', after: 30 }],
  },
  {
    subject: 'Merchandising contract',
    party: 'Fanline Merch',
    owner: 'submitter',
    day: 7,
    steps: [S('custodian')],
  },
  {
    subject: 'Budget approval 2026',
    party: 'Finance committee',
    owner: 'custodian',
    day: 2,
    steps: [S('admin')],
    message: 'The numbers we discussed on Monday.',
  },
  {
    subject: 'Joint venture term sheet',
    party: 'Oriel Partners',
    owner: 'admin',
    day: 14,
    steps: [S('signer1', 'registrar')],
    acts: [{ do: 'sign', who: 'signer1', after: 8 }],
  },
];
