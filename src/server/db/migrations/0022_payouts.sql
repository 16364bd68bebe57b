CREATE TABLE "payout_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text,
	"started_by" text NOT NULL,
	"started_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"store_id" text NOT NULL,
	"store_name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bank_details" jsonb NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'in_transit' NOT NULL,
	"bank_reference" text,
	"paid_on" date,
	"failure_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_key" ON "payout_runs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_run_store" ON "payouts" USING btree ("run_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payouts_store_idx" ON "payouts" USING btree ("store_id","created_at");