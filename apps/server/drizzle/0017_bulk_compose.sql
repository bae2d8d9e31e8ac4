CREATE TABLE "bulk_compose_rows" (
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"code" integer,
	"message" text,
	"epak_id" uuid,
	CONSTRAINT "bulk_compose_rows_tenant_id_run_id_row_number_pk" PRIMARY KEY("tenant_id","run_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "bulk_compose_runs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"document_template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"file_name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_compose_runs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "bulk_compose_rows" ADD CONSTRAINT "bulk_compose_rows_tenant_id_run_id_bulk_compose_runs_tenant_id_id_fk" FOREIGN KEY ("tenant_id","run_id") REFERENCES "public"."bulk_compose_runs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_compose_rows_pending" ON "bulk_compose_rows" USING btree ("tenant_id","run_id","row_number") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "bulk_compose_runs_due" ON "bulk_compose_runs" USING btree ("status","created_at") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "bulk_compose_runs_owner" ON "bulk_compose_runs" USING btree ("tenant_id","owner_id","created_at");--> statement-breakpoint
-- Tenant isolation for the bulk compose tables (the policy of migrations 0001, 0003 and 0005).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bulk_compose_runs', 'bulk_compose_rows']
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
-- Runs and their rows are what the owner uploaded and what became of each row: kept.
GRANT SELECT, INSERT, UPDATE ON bulk_compose_runs, bulk_compose_rows TO signet_app;
