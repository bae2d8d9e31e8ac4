/**
 * The demo tenant's history as data: forty ePaks spread over seven weeks, chosen so that every
 * folder of every demo person holds something (the senders' twelve; the recipients' eight — Draft,
 * Pending, Stopped and Deleted belong to owners). Times are relative: `day` days before the
 * history's end, then `after` hours between one act and the next.
 */

import type { DemoPlan } from './demo-plan-types.ts';
import { FINISHED_PLANS } from './demo-plans-finished.ts';
import { OPEN_PLANS } from './demo-plans-open.ts';

export const DEMO_PLANS: readonly DemoPlan[] = [...FINISHED_PLANS, ...OPEN_PLANS];
