/** The words the demo history's plans are written in (demo-plans.ts). */

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

/** A step's recipients, by kind: review, sign, email, in-person sign. */
export const R = (...who: DemoPerson[]): DemoStep => ({ type: 'REVIEW', who });
export const S = (...who: DemoPerson[]): DemoStep => ({ type: 'SIGN', who });
export const E = (...who: DemoPerson[]): DemoStep => ({ type: 'EMAIL', who });
export const P = (...who: DemoPerson[]): DemoStep => ({ type: 'INPERSONSIGN', who });
