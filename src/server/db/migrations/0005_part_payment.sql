ALTER TABLE "order_parts" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
-- Orders recorded as paid before payment was per part: every live part of them was paid then.
UPDATE "order_parts" SET "payment_status" = 'paid' FROM "orders" WHERE "orders"."id" = "order_parts"."order_id" AND "orders"."payment_status" = 'paid' AND "order_parts"."status" <> 'cancelled';
