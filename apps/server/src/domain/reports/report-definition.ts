import {
  type ReportColumn,
  type ReportFilterName,
  type ReportFilters,
  ReportFiltersSchema,
  type ReportId,
} from '@signet/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

/**
 * Whose data a report reads. Admins and the super admin see everything the transaction sees
 * (one tenant under row-level security, or every tenant through the owner connection); other
 * roles see only their own ePaks (owned or received) and their own activity.
 */
export interface ReportScope {
  /** null: everything the transaction sees; else only this person's ePaks and actions. */
  ownUserId: string | null;
  now: Date;
}

/** The fields of a run's filters each filter name stands for (the super admin's tenant is not a report's). */
const FILTER_FIELDS = {
  dateRange: ['from', 'to'],
  period: ['period'],
  users: ['userIds'],
  groups: ['groupIds'],
  status: ['status'],
  policy: ['policy'],
  template: ['templateId'],
  quarter: ['quarter'],
  tenant: [],
} as const satisfies Record<ReportFilterName, readonly (keyof ReportFilters)[]>;

/** One report of the catalogue as written: its id, the filters it takes and its query. */
export interface ReportSource {
  id: ReportId;
  filters: readonly ReportFilterName[];
  columns: readonly ReportColumn[];
  chart: { label: string; values: string[] } | null;
  /** Admins only (-149 for other roles): the retention list. */
  adminOnly?: boolean;
  /** Why it cannot run yet (-29), or absent when it can. */
  unavailable?: string;
  /** Checks that need the clock or the filters together (throws AppError). */
  check?(filters: ReportFilters, scope: ReportScope): void;
  query(filters: ReportFilters, scope: ReportScope): SQL;
}

export interface ReportDefinition extends ReportSource {
  /** The filters it accepts, made from `filters`: strict, so a filter it does not take is refused (-31). */
  schema: z.ZodType<ReportFilters>;
}

export function defineReport(source: ReportSource): ReportDefinition {
  const fields = source.filters.flatMap((name): readonly string[] => FILTER_FIELDS[name]);
  const mask = Object.fromEntries(fields.map((field) => [field, true])) as Partial<
    Record<keyof ReportFilters, true>
  >;
  return { ...source, schema: ReportFiltersSchema.pick(mask).strict() };
}

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** `column` between the first day and the end of the last day of the range (UTC). */
export function inRange(column: SQL, f: Pick<ReportFilters, 'from' | 'to'>): SQL[] {
  const out: SQL[] = [];
  if (f.from) out.push(sql`${column} >= ${f.from}::date::timestamp at time zone 'UTC'`);
  if (f.to) out.push(sql`${column} < (${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  return out;
}

/** People named by the users and groups filters (`column` holds a user id). */
export function byPeople(column: SQL, f: Pick<ReportFilters, 'userIds' | 'groupIds'>): SQL[] {
  const out: SQL[] = [];
  if (f.userIds?.length) out.push(sql`${column} = any(${uuids(f.userIds)})`);
  if (f.groupIds?.length)
    out.push(
      sql`${column} in (select gm.user_id from group_members gm where gm.group_id = any(${uuids(f.groupIds)}))`,
    );
  return out;
}

/** The ePak conditions shared by the ePak reports; `e` is the epaks alias. */
export function epakConditions(f: ReportFilters, scope: ReportScope): SQL[] {
  const out: SQL[] = [sql`e.status <> 'Deleted'`];
  if (scope.ownUserId)
    out.push(sql`e.id in (select x.id from epaks x where x.owner_id = ${scope.ownUserId}::uuid
      union select r.epak_id from recipients r where r.user_id = ${scope.ownUserId}::uuid)`);
  out.push(...byPeople(sql`e.owner_id`, f));
  if (f.status?.length) out.push(sql`e.status = any(${texts(f.status)})`);
  if (f.policy?.length) out.push(sql`e.signing_policy = any(${texts(f.policy)})`);
  if (f.templateId) out.push(sql`e.workflow_template_id = ${f.templateId}::uuid`);
  return out;
}

export function where(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** A timestamp as ISO text in UTC (the same in JSON, CSV and the workbook). */
export function isoText(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** A person's name, or their address when the tenant does not see their profile. */
export function personName(users: string, email: SQL): SQL {
  const u = sql.raw(users);
  return sql`coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${email})`;
}
