import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every tenant-owned table starts with this column and puts it first in its primary key. */
export const tenantId = () => uuid('tenant_id').notNull();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
