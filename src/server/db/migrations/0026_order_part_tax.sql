ALTER TABLE "order_parts" ADD COLUMN "tax_cents" bigint;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "tax_bp" integer;