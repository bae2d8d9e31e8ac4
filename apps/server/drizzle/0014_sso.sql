CREATE TABLE "sso_login_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"browser_hash" text NOT NULL,
	"secrets_sealed" text NOT NULL,
	"next" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"role_claim" text,
	"role_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_role" text DEFAULT 'signer' NOT NULL,
	"just_in_time" boolean DEFAULT false NOT NULL,
	"allowed_domains" text[] DEFAULT '{}' NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant isolation for the provider settings (the policy of migrations 0001 and 0003). The
-- sign-in states and SSO sessions stay with the owner: they are read before any tenant is known.
ALTER TABLE sso_providers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sso_providers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON sso_providers USING (tenant_id = signet_current_tenant()) WITH CHECK (tenant_id = signet_current_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sso_providers TO signet_app;
