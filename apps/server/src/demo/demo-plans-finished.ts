import { type DemoPlan, E, R, S } from './demo-plan-types.ts';

/** The demo ePaks that are over: completed, archived, rejected and expired. */
export const FINISHED_PLANS: readonly DemoPlan[] = [
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
];
