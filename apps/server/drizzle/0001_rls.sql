-- Tenant isolation by row-level security.
--
-- Requests run as `signet_app`, a role that owns nothing: each tenant transaction does
-- `SET LOCAL ROLE signet_app` and `set_config('app.tenant_id', <tenant>, true)`. With FORCE ROW
-- LEVEL SECURITY a query without that setting sees no rows and writes into another tenant are
-- refused. The owner (migrations, sign-in, cross-tenant jobs) must be a superuser or have
-- BYPASSRLS.
-- Roles belong to the cluster, not the database, and the migration lock is per database: two
-- databases of one cluster migrated at the same moment (test suites, a second installation) may
-- both find no role, and the one that loses the race must not fail.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'signet_app') THEN
    CREATE ROLE signet_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- A non-superuser owner can only SET ROLE to roles it is a member of.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT signet_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION signet_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO signet_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION signet_current_tenant() TO signet_app;
--> statement-breakpoint

-- tenants: the app sees and updates only its own tenant row.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants USING (id = signet_current_tenant()) WITH CHECK (id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, UPDATE ON tenants TO signet_app;
--> statement-breakpoint

-- user_tenants, groups, group_members: rows of the current tenant only.
ALTER TABLE user_tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_tenants USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON user_tenants TO signet_app;
--> statement-breakpoint
ALTER TABLE groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON groups USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON groups TO signet_app;
--> statement-breakpoint
ALTER TABLE group_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE group_members FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON group_members USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON group_members TO signet_app;
--> statement-breakpoint

-- users are global; the app sees and updates only members of the current tenant. New users
-- may be inserted (an invitation creates the user, then the membership that makes it visible).
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY member_select ON users FOR SELECT USING (
  EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = users.id AND ut.tenant_id = signet_current_tenant())
);
--> statement-breakpoint
CREATE POLICY member_update ON users FOR UPDATE USING (
  EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = users.id AND ut.tenant_id = signet_current_tenant())
);
--> statement-breakpoint
CREATE POLICY insert_new ON users FOR INSERT WITH CHECK (signet_current_tenant() IS NOT NULL);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON users TO signet_app;
--> statement-breakpoint

-- The activity log is append-only: the app role may read and insert, never change or delete,
-- and a trigger refuses changes from anyone who is not deliberately disabling it.
ALTER TABLE activity_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON activity_log USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT ON activity_log TO signet_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION signet_refuse_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'activity_log is append-only'; END $$;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION signet_refuse_change();
--> statement-breakpoint
ALTER TABLE activity_heads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_heads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON activity_heads USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON activity_heads TO signet_app;
--> statement-breakpoint

-- Tenant transactions queue mail in the same transaction as the change that causes it; only
-- the owner reads and delivers the outbox.
GRANT INSERT ON mail_outbox TO signet_app;
--> statement-breakpoint

-- Invitation links are written with the membership they belong to, in the tenant transaction;
-- the app role sees only its own tenant's invitation links, never password-reset links.
ALTER TABLE password_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON password_tokens USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON password_tokens TO signet_app;
