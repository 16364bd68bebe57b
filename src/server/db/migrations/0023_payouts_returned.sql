ALTER TABLE "payouts" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "return_bank_reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "returned_at" timestamp with time zone;