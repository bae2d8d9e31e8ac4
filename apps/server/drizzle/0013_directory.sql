CREATE TABLE "directory_members" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"dn" text NOT NULL,
	"account_created" boolean DEFAULT false NOT NULL,
	"disabled_by_sync" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_members_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "directory_runs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"started_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total" integer,
	"seen" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"disabled" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "directory_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "directory_settings" (
	"tenant_id" uuid NOT NULL,
	"config" jsonb NOT NULL,
	"bind_password_sealed" "bytea",
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_settings_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "directory_members" ADD CONSTRAINT "directory_members_tenant_id_user_id_user_tenants_tenant_id_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."user_tenants"("tenant_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "directory_runs_one_active" ON "directory_runs" USING btree ("tenant_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "directory_runs_due" ON "directory_runs" USING btree ("status","created_at");--> statement-breakpoint
-- Tenant isolation for the directory tables (the policy of migrations 0001, 0003 and 0005).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['directory_settings', 'directory_runs', 'directory_members']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant())',
      t
    );
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON directory_settings, directory_members TO signet_app;
--> statement-breakpoint
-- Runs are the history of what each sync-up did: kept, never removed by the app.
GRANT SELECT, INSERT, UPDATE ON directory_runs TO signet_app;
