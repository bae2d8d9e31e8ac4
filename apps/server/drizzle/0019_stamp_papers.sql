CREATE TABLE "stamp_paper_groups" (
	"tenant_id" uuid NOT NULL,
	"stamp_paper_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"assigned_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_paper_groups_tenant_id_stamp_paper_id_group_id_pk" PRIMARY KEY("tenant_id","stamp_paper_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "stamp_paper_users" (
	"tenant_id" uuid NOT NULL,
	"stamp_paper_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_paper_users_tenant_id_stamp_paper_id_user_id_pk" PRIMARY KEY("tenant_id","stamp_paper_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stamp_papers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"stamp_id" text NOT NULL,
	"state_code" text NOT NULL,
	"denomination" integer NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"certificate_blob_hash" text,
	"certificate_type" text NOT NULL,
	"certificate_size" bigint DEFAULT 0 NOT NULL,
	"epak_id" uuid,
	"document_id" uuid,
	"reserved_by" uuid,
	"consumed_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_papers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "stamp_paper_groups" ADD CONSTRAINT "stamp_paper_groups_tenant_id_stamp_paper_id_stamp_papers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","stamp_paper_id") REFERENCES "public"."stamp_papers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_paper_groups" ADD CONSTRAINT "stamp_paper_groups_tenant_id_group_id_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_paper_users" ADD CONSTRAINT "stamp_paper_users_tenant_id_stamp_paper_id_stamp_papers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","stamp_paper_id") REFERENCES "public"."stamp_papers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_papers" ADD CONSTRAINT "stamp_papers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamp_paper_groups_group" ON "stamp_paper_groups" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "stamp_paper_users_user" ON "stamp_paper_users" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_papers_stamp_id" ON "stamp_papers" USING btree ("tenant_id","stamp_id");--> statement-breakpoint
CREATE INDEX "stamp_papers_stock" ON "stamp_papers" USING btree ("tenant_id","status","state_code","denomination");--> statement-breakpoint
CREATE INDEX "stamp_papers_epak" ON "stamp_papers" USING btree ("tenant_id","epak_id") WHERE epak_id is not null;--> statement-breakpoint
CREATE INDEX "stamp_papers_blob" ON "stamp_papers" USING btree ("certificate_blob_hash");--> statement-breakpoint
-- Tenant isolation for the stamp-paper tables (the policy of migrations 0001, 0003 and 0012).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stamp_papers', 'stamp_paper_users', 'stamp_paper_groups']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant())',
      t
    );
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO signet_app', t);
  END LOOP;
END
$$;
