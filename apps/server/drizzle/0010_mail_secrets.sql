-- Generated, then completed by hand: mail already delivered (or kept, or given up) before this
-- migration kept its links with tokens, one-time codes and temporary passwords in plain text.
-- They are erased here; mail still pending keeps its text and goes out as written.
ALTER TABLE "mail_outbox" ADD COLUMN "secrets_sealed" text;--> statement-breakpoint
UPDATE "mail_outbox" SET
  "subject" = regexp_replace(replace(replace("subject", coalesce("meta"->>'code', '[removed]'), '[removed]'), coalesce("meta"->>'password', '[removed]'), '[removed]'), '([?&](token|easytoken|code)=)[^[:space:]"''&<]+', '\1[removed]', 'g'),
  "text" = regexp_replace(replace(replace("text", coalesce("meta"->>'code', '[removed]'), '[removed]'), coalesce("meta"->>'password', '[removed]'), '[removed]'), '([?&](token|easytoken|code)=)[^[:space:]"''&<]+', '\1[removed]', 'g'),
  "html" = regexp_replace(replace(replace("html", coalesce("meta"->>'code', '[removed]'), '[removed]'), coalesce("meta"->>'password', '[removed]'), '[removed]'), '([?&](token|easytoken|code)=)[^[:space:]"''&<]+', '\1[removed]', 'g'),
  "meta" = "meta" - 'link' - 'code' - 'password'
WHERE "status" <> 'pending';
