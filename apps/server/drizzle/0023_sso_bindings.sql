CREATE TABLE "sso_bindings" (
	"tenant_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"how" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_bindings_tenant_id_issuer_subject_pk" PRIMARY KEY("tenant_id","issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "sso_pending_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"person_sealed" text NOT NULL,
	"next" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_bindings" ADD CONSTRAINT "sso_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_bindings_user" ON "sso_bindings" USING btree ("user_id");--> statement-breakpoint
-- Tenant isolation for the bindings (the policy of migrations 0001 and 0003): the callback knows
-- its tenant from the sign-in state and reads them in that tenant's transaction. The pending
-- links stay with the owner: they are found by their token before any session exists.
ALTER TABLE sso_bindings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_bindings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_bindings USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_bindings TO signet_app;
--> statement-breakpoint
-- Sessions a provider opened before bindings existed were opened on an email address alone: they
-- end, and their people sign in again (binding, or confirming with their password once).
UPDATE auth_sessions SET revoked_at = now(), revoke_reason = 'sso binding required' WHERE revoked_at IS NULL AND id IN (SELECT session_id FROM sso_sessions);
