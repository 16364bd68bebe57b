ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_name" text;--> statement-breakpoint
-- Rows queued before: Reply-To was one string, "Name <address>"; split it into the two values.
UPDATE "mail_outbox"
   SET "reply_to_name" = substring("reply_to" from '^(.*?) ?<[^<>]*>$'),
       "reply_to" = substring("reply_to" from '<([^<>]*)>$')
 WHERE "reply_to" ~ '<[^<>]*>$';
