CREATE TABLE "webform_epaks" (
	"tenant_id" uuid NOT NULL,
	"epak_id" uuid NOT NULL,
	"mapping_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webform_epaks_tenant_id_epak_id_pk" PRIMARY KEY("tenant_id","epak_id")
);
--> statement-breakpoint
CREATE TABLE "webform_mappings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"document_template_id" uuid NOT NULL,
	"workflow_template_id" uuid,
	"input_names" text[] NOT NULL,
	"targets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sender_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webform_mappings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "webform_epaks" ADD CONSTRAINT "webform_epaks_tenant_id_epak_id_epaks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","epak_id") REFERENCES "public"."epaks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webform_epaks" ADD CONSTRAINT "webform_epaks_tenant_id_mapping_id_webform_mappings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","mapping_id") REFERENCES "public"."webform_mappings"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webform_mappings" ADD CONSTRAINT "webform_mappings_tenant_id_document_template_id_document_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","document_template_id") REFERENCES "public"."document_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webform_mappings" ADD CONSTRAINT "webform_mappings_tenant_id_workflow_template_id_workflow_templates_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workflow_template_id") REFERENCES "public"."workflow_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webform_epaks_mapping" ON "webform_epaks" USING btree ("tenant_id","mapping_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webform_mappings_name" ON "webform_mappings" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
-- Tenant isolation for the web-form tables (the policy of migrations 0001, 0003 and 0005). The
-- public form post knows its tenant from its URL, so it too reads them inside the tenant.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['webform_mappings', 'webform_epaks']
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
GRANT SELECT, INSERT, UPDATE, DELETE ON webform_mappings TO signet_app;
--> statement-breakpoint
-- The record of which ePaks a form composed: added, never changed; it goes with its ePak.
GRANT SELECT, INSERT, DELETE ON webform_epaks TO signet_app;
