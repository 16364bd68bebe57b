CREATE TABLE "refund_parts" (
	"part_id" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"order_id" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'refund_pending' NOT NULL,
	"refund_reference" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"external_identifier" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_parts_refund_idx" ON "refund_parts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("updated_at") WHERE "refunds"."status" = 'refund_pending';--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_refunds_external_key" ON "test_gateway_refunds" USING btree ("transaction_id","external_identifier");--> statement-breakpoint
-- Before refunds had rows, only a late approval was ever refunded (docs/decisions/029): each
-- such payment gets its refund row, so the sweeper still sends one left pending (decision 033).
INSERT INTO "refunds" ("id", "payment_id", "order_id", "reason", "amount_cents", "status", "refund_reference", "created_at", "updated_at", "decided_at")
SELECT "id", "id", "order_id", 'late_approval', "amount_cents", "status", "refund_reference", "updated_at", "updated_at",
  CASE WHEN "status" = 'refund_pending' THEN NULL ELSE "decided_at" END
FROM "payments" WHERE "status" IN ('refund_pending', 'refunded', 'refund_failed');
