import { findUserByEmail, membershipsOf } from '../../db/repositories/accounts.ts';
import type { Deps } from '../deps.ts';

/** `GET /public/usertype?email=`: what the sign-in page needs to choose between password and SSO. */
export async function userType(email: string, deps: Deps) {
  const user = await findUserByEmail(deps.db.system, email);
  if (!user) return { exists: false, type: null, userLoginType: null };
  const [first] = await membershipsOf(deps.db.system, user.id);
  return {
    exists: true,
    type: (first?.userType ?? 'internal') as 'internal' | 'external',
    userLoginType: (first?.loginType === 'SSO' ? 'SSO' : 'Email') as 'Email' | 'SSO',
  };
}
