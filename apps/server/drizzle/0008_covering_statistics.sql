-- Written by hand (Drizzle cannot express INCLUDE). The statistics read, for the ePaks a person
-- owns or receives, when each was created, sent, completed and modified, and for their own
-- recipient rows when they acted: carried by the indexes the folder list already reads, the
-- weekly series is answered from indexes alone instead of one table page per ePak.
DROP INDEX "epaks_list";--> statement-breakpoint
CREATE INDEX "epaks_list" ON "epaks" USING btree ("tenant_id","id") INCLUDE ("status","modified_on","created_at","sent_on","completed_on");--> statement-breakpoint
DROP INDEX "recipients_user";--> statement-breakpoint
CREATE INDEX "recipients_user" ON "recipients" USING btree ("tenant_id","user_id","status") INCLUDE ("epak_id","created_at","id","acted_at");
