CREATE TABLE "epak_attachments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"epak_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"recipient_id" uuid,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"blob_hash" text NOT NULL,
	"size" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "epak_attachments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "epaks" ADD COLUMN "seal_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "epaks" ADD COLUMN "sealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "epaks" ADD COLUMN "seal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "epaks" ADD COLUMN "seal_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "epaks" ADD COLUMN "seal_error" text;--> statement-breakpoint
ALTER TABLE "epak_attachments" ADD CONSTRAINT "epak_attachments_tenant_id_epak_id_epaks_tenant_id_id_fk" FOREIGN KEY ("tenant_id","epak_id") REFERENCES "public"."epaks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epak_attachments_tag" ON "epak_attachments" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE INDEX "epak_attachments_epak" ON "epak_attachments" USING btree ("tenant_id","epak_id");--> statement-breakpoint
CREATE INDEX "epak_attachments_blob" ON "epak_attachments" USING btree ("blob_hash");--> statement-breakpoint
CREATE INDEX "epaks_retention" ON "epaks" USING btree ("status","retention_date");--> statement-breakpoint
CREATE INDEX "epaks_sealing" ON "epaks" USING btree ("seal_retry_at") WHERE seal_requested_at is not null and sealed_at is null;--> statement-breakpoint
-- Tenant isolation for the attachments (the policy of migrations 0001, 0003 and 0005).
ALTER TABLE epak_attachments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE epak_attachments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON epak_attachments
  USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON epak_attachments TO signet_app;
--> statement-breakpoint
-- Files attached before this table existed were named only in their tag's value. Each is taken
-- over when the activity log recorded that very file being attached to that tag (a value typed
-- into a tag cannot claim a blob), read with patterns rather than a jsonb cast, which one
-- malformed value would make fail.
INSERT INTO epak_attachments
  (tenant_id, epak_id, document_id, tag_id, recipient_id, file_name, mime_type, blob_hash, size, created_by, created_at)
SELECT DISTINCT ON (t.tenant_id, t.id)
  t.tenant_id, t.epak_id, t.document_id, t.id, t.recipient_id,
  coalesce(a.details ->> 'name', 'attachment'),
  coalesce(substring(t.value from '"type":"([^"\\]*)"'), 'application/octet-stream'),
  a.details ->> 'sha256',
  coalesce(substring(t.value from '"size":([0-9]{1,15})')::bigint, 0),
  a.actor_user_id, a.created_at
FROM tags t
JOIN activity_log a
  ON a.tenant_id = t.tenant_id AND a.epak_id = t.epak_id AND a.action = 'tag.attached'
  AND a.details ->> 'tagId' = t.id::text
  AND a.details ->> 'sha256' = substring(t.value from '"sha256":"([0-9a-f]{64})"')
WHERE t.type IN ('attachment', 'selfSignAttachment')
ORDER BY t.tenant_id, t.id, a.seq DESC;
