ALTER TABLE "workflow_templates" ADD COLUMN "reminder_interval_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD COLUMN "reminder_max" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD COLUMN "expiry_days" integer;