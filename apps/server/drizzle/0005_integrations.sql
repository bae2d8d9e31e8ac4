CREATE TABLE "callback_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"http_status" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "callback_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "callback_deliveries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"epak_id" uuid NOT NULL,
	"url" text NOT NULL,
	"event" text NOT NULL,
	"epak_status" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"secret_hash" text NOT NULL,
	"redirect_uris" text[] DEFAULT '{}' NOT NULL,
	"grants" text[] DEFAULT '{}' NOT NULL,
	"callback_url" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_clients_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "oauth_client_id" text;--> statement-breakpoint
ALTER TABLE "epaks" ADD COLUMN "callback_url" text;--> statement-breakpoint
ALTER TABLE "recipients" ADD COLUMN "easy_sign_token_sealed" text;--> statement-breakpoint
CREATE INDEX "callback_attempts_delivery" ON "callback_attempts" USING btree ("tenant_id","delivery_id");--> statement-breakpoint
CREATE INDEX "callback_deliveries_due" ON "callback_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_client_id" ON "oauth_clients" USING btree ("client_id");--> statement-breakpoint
-- Tenant isolation for the integration tables (the policy of migrations 0001 and 0003). The
-- authorization codes stay with the owner: the token endpoint reads them before any tenant is known.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['oauth_clients', 'callback_deliveries', 'callback_attempts']
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
--> statement-breakpoint
-- Attempts are the record of what was sent: the app adds them and never changes them.
REVOKE UPDATE, DELETE ON callback_attempts FROM signet_app;
