ALTER TABLE "order_parts" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "cancel_reason" text;