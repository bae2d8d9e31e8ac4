CREATE TABLE "rubber_stamp_shares" (
	"tenant_id" uuid NOT NULL,
	"rubber_stamp_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"principal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubber_stamp_shares_tenant_id_rubber_stamp_id_kind_principal_id_pk" PRIMARY KEY("tenant_id","rubber_stamp_id","kind","principal_id")
);
--> statement-breakpoint
CREATE TABLE "rubber_stamps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"blob_hash" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"height" integer NOT NULL,
	"width" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rubber_stamps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rubber_stamps_size" CHECK ("rubber_stamps"."height" > 0 and "rubber_stamps"."width" > 0)
);
--> statement-breakpoint
ALTER TABLE "rubber_stamp_shares" ADD CONSTRAINT "rubber_stamp_shares_tenant_id_rubber_stamp_id_rubber_stamps_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rubber_stamp_id") REFERENCES "public"."rubber_stamps"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubber_stamps" ADD CONSTRAINT "rubber_stamps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rubber_stamp_shares_principal" ON "rubber_stamp_shares" USING btree ("tenant_id","principal_id");--> statement-breakpoint
CREATE INDEX "rubber_stamps_blob" ON "rubber_stamps" USING btree ("blob_hash");--> statement-breakpoint
-- Tenant isolation for the rubber-stamp tables (the policy of migrations 0001, 0003 and 0012).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['rubber_stamps', 'rubber_stamp_shares']
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
