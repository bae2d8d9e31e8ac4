CREATE TABLE "team_room_documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_room_id" uuid NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"kind" text NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blob_hash" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"compose_document_id" uuid,
	"composed_by" uuid,
	CONSTRAINT "team_room_documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_room_folders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_room_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_room_folders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_room_members" (
	"tenant_id" uuid NOT NULL,
	"team_room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_room_members_tenant_id_team_room_id_user_id_pk" PRIMARY KEY("tenant_id","team_room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_rooms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rooms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "team_room_documents" ADD CONSTRAINT "team_room_documents_tenant_id_team_room_id_team_rooms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_room_id") REFERENCES "public"."team_rooms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_room_folders" ADD CONSTRAINT "team_room_folders_tenant_id_team_room_id_team_rooms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_room_id") REFERENCES "public"."team_rooms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_room_members" ADD CONSTRAINT "team_room_members_tenant_id_team_room_id_team_rooms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_room_id") REFERENCES "public"."team_rooms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_rooms" ADD CONSTRAINT "team_rooms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_room_documents_room" ON "team_room_documents" USING btree ("tenant_id","team_room_id");--> statement-breakpoint
CREATE INDEX "team_room_documents_blob" ON "team_room_documents" USING btree ("blob_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "team_room_folders_name" ON "team_room_folders" USING btree ("tenant_id","team_room_id",lower("name"));--> statement-breakpoint
CREATE INDEX "team_room_members_user" ON "team_room_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_rooms_name" ON "team_rooms" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
-- Tenant isolation for the team-room tables (the policy of migrations 0001, 0003 and 0012).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['team_rooms', 'team_room_members', 'team_room_folders', 'team_room_documents']
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
