import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from './open-database.ts';

/**
 * Migration 0001's first two statements: the role requests run as (made once per cluster, a
 * concurrent maker tolerated) and the owner's membership of it. Restore runs them before
 * pg_restore, whose dump grants to that role; one text for both, so they cannot drift apart.
 */
export function roleStatements(): [createRole: string, grantToOwner: string] {
  const [createRole, grantToOwner] = readFileSync(join(migrationsFolder, '0001_rls.sql'), 'utf8').split(
    '--> statement-breakpoint',
  );
  if (!createRole?.includes('CREATE ROLE') || !grantToOwner?.includes('GRANT signet_app'))
    throw new Error('migration 0001 no longer starts with the role and its grant');
  return [createRole, grantToOwner];
}
