ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'gateway' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sent_on" date;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_bank_reference_key" ON "refunds" USING btree ("payment_id","refund_reference") WHERE "refunds"."method" = 'bank_transfer';