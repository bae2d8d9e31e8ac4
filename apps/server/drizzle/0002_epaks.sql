CREATE TABLE "document_actions" (
	"tenant_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_actions_tenant_id_recipient_id_document_id_action_pk" PRIMARY KEY("tenant_id","recipient_id","document_id","action")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"tenant_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"blob_hash" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_tenant_id_document_id_version_pk" PRIMARY KEY("tenant_id","document_id","version")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"epak_id" uuid,
	"template_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"status" text DEFAULT 'Uploaded' NOT NULL,
	"kind" text NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "epak_user_flags" (
	"tenant_id" uuid NOT NULL,
	"epak_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	CONSTRAINT "epak_user_flags_tenant_id_epak_id_user_id_pk" PRIMARY KEY("tenant_id","epak_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "epaks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"signing_policy" text DEFAULT 'ESIGNATURE' NOT NULL,
	"security_code_hash" text,
	"view_enforced" boolean DEFAULT false NOT NULL,
	"request_location" text DEFAULT 'OFF' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"workflow_name" text DEFAULT '' NOT NULL,
	"workflow_template_id" uuid,
	"current_step_order" integer,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"reminder_interval_days" integer DEFAULT 3 NOT NULL,
	"reminder_max" integer DEFAULT 5 NOT NULL,
	"archival_period_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_on" timestamp with time zone,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_on" timestamp with time zone,
	"completed_on" timestamp with time zone,
	"retention_date" timestamp with time zone,
	"notification_start_date" timestamp with time zone,
	"deleted_on" timestamp with time zone,
	"deleted_by" uuid,
	"status_before_delete" text,
	"archived_on" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "epaks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"epak_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"epak_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"signing_policy" text,
	"position" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'NotRequired' NOT NULL,
	"acted_at" timestamp with time zone,
	"acted_ip" text,
	"acted_user_agent" text,
	"geolocation" jsonb,
	"delegated_from_id" uuid,
	"delegated_to_id" uuid,
	"reason" text,
	"comment" text,
	"easy_sign_token_hash" text,
	"easy_sign_used_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"host_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"epak_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"recipient_id" uuid,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'printed' NOT NULL,
	"tag_for" text DEFAULT 'signer' NOT NULL,
	"create_type" text DEFAULT 'new' NOT NULL,
	"page_number" integer NOT NULL,
	"position_x" double precision NOT NULL,
	"position_y" double precision NOT NULL,
	"block_width" double precision NOT NULL,
	"block_height" double precision NOT NULL,
	"font_size" double precision,
	"font_family" text,
	"font_weight" text,
	"font_style" text,
	"required" boolean DEFAULT true NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"value" text,
	"status" text DEFAULT 'notdone' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_states" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"epak_id" uuid NOT NULL,
	"step_order" integer NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"signing_policy" text NOT NULL,
	"min_required" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	CONSTRAINT "workflow_states_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text DEFAULT 'Owner' NOT NULL,
	"signing_policy" text DEFAULT 'ESIGNATURE' NOT NULL,
	"workflow_template_id" uuid,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "letterhead_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"blob_hash" text NOT NULL,
	"mime_type" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letterhead_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "pending_signatures" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"epak_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"base_version" integer NOT NULL,
	"prepared_blob_hash" text NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "pending_signatures_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reasons" (
	"tenant_id" uuid NOT NULL,
	"id" integer NOT NULL,
	"text" text NOT NULL,
	"kind" text DEFAULT 'reject' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reasons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_keys" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"certificate" "bytea" NOT NULL,
	"private_key" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_keys_tenant_id_kind_pk" PRIMARY KEY("tenant_id","kind")
);
--> statement-breakpoint
CREATE TABLE "user_certificates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"certificate" "bytea",
	"private_key" "bytea",
	"pin_salt" "bytea",
	"failed_pin_attempts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"csr" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_certificates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_state_definitions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"state_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "workflow_state_definitions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared" boolean DEFAULT true NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "scope_epak_id" uuid;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_tenant_id_document_id_documents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","document_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epak_user_flags" ADD CONSTRAINT "epak_user_flags_tenant_id_epak_id_epaks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","epak_id") REFERENCES "public"."epaks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epaks" ADD CONSTRAINT "epaks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_tenant_id_epak_id_epaks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","epak_id") REFERENCES "public"."epaks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_id_epak_id_epaks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","epak_id") REFERENCES "public"."epaks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_states" ADD CONSTRAINT "workflow_states_tenant_id_epak_id_epaks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","epak_id") REFERENCES "public"."epaks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letterhead_templates" ADD CONSTRAINT "letterhead_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reasons" ADD CONSTRAINT "reasons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_keys" ADD CONSTRAINT "tenant_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certificates" ADD CONSTRAINT "user_certificates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_state_definitions" ADD CONSTRAINT "workflow_state_definitions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_versions_blob" ON "document_versions" USING btree ("blob_hash");--> statement-breakpoint
CREATE INDEX "documents_epak" ON "documents" USING btree ("tenant_id","epak_id","position");--> statement-breakpoint
CREATE INDEX "epak_user_flags_user" ON "epak_user_flags" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "epaks_owner" ON "epaks" USING btree ("tenant_id","owner_id","status","modified_on");--> statement-breakpoint
CREATE INDEX "epaks_modified" ON "epaks" USING btree ("tenant_id","modified_on");--> statement-breakpoint
CREATE INDEX "epaks_expiry" ON "epaks" USING btree ("status","expired_on");--> statement-breakpoint
CREATE INDEX "notifications_user" ON "notifications" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "recipients_user" ON "recipients" USING btree ("tenant_id","user_id","status");--> statement-breakpoint
CREATE INDEX "recipients_epak" ON "recipients" USING btree ("tenant_id","epak_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_easy_sign" ON "recipients" USING btree ("easy_sign_token_hash");--> statement-breakpoint
CREATE INDEX "tags_document" ON "tags" USING btree ("tenant_id","document_id","page_number");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_states_order" ON "workflow_states" USING btree ("tenant_id","epak_id","step_order");--> statement-breakpoint
CREATE INDEX "user_certificates_user" ON "user_certificates" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_templates_name" ON "workflow_templates" USING btree ("tenant_id",lower("name"));