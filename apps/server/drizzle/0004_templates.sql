ALTER TABLE "epak_user_flags" ADD COLUMN "unlocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letterhead_templates" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD COLUMN "signing_policy" text DEFAULT 'ESIGNATURE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_image" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "initials_image" text;