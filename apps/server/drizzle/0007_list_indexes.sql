CREATE INDEX "recipients_state" ON "recipients" USING btree ("tenant_id","state_id");--> statement-breakpoint
-- Written by hand (Drizzle cannot express INCLUDE or statistics). Every call of the folder list
-- reads all the ePaks the viewer owns or receives, to count the folders and sort the folder.
-- These indexes carry what that read needs, so it is answered from indexes alone (index-only
-- scans) rather than one table page per ePak; the two rebuilt ones keep their keys.
CREATE INDEX "epaks_list" ON "epaks" USING btree ("tenant_id","id") INCLUDE ("status","modified_on");--> statement-breakpoint
DROP INDEX "epaks_owner";--> statement-breakpoint
CREATE INDEX "epaks_owner" ON "epaks" USING btree ("tenant_id","owner_id","status","modified_on") INCLUDE ("id");--> statement-breakpoint
DROP INDEX "recipients_user";--> statement-breakpoint
CREATE INDEX "recipients_user" ON "recipients" USING btree ("tenant_id","user_id","status") INCLUDE ("epak_id","created_at","id");--> statement-breakpoint
-- A user belongs to few tenants, so "this tenant and this user" is about as selective as "this
-- user": without this the planner multiplies the two, expects one recipient row per user, and
-- reads the user's ePaks one by one even where one pass over the tenant's is cheaper.
CREATE STATISTICS "recipients_tenant_user" (dependencies) ON "tenant_id", "user_id" FROM "recipients";--> statement-breakpoint
ANALYZE "recipients";
