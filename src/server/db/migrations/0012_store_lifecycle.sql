CREATE TABLE "operator_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "accepts_cash_on_delivery" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "accepts_bank_transfer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "bank_details" jsonb;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operator_actions_target_idx" ON "operator_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "stores_status_idx" ON "stores" USING btree ("status");--> statement-breakpoint
-- Hand-written (docs/decisions/015): every store that existed before applications is open for business.
UPDATE "stores" SET "status" = 'active';
