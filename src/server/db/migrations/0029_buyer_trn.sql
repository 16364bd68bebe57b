ALTER TABLE "orders" ADD COLUMN "buyer_trn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "customer_trn" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "customer_business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_trn_nine_digits" CHECK ("orders"."buyer_trn" is null or "orders"."buyer_trn" ~ '^[0-9]{9}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_business_with_trn" CHECK ("orders"."buyer_business_name" is null or "orders"."buyer_trn" is not null);--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_customer_trn_nine_digits" CHECK ("tax_documents"."customer_trn" is null or "tax_documents"."customer_trn" ~ '^[0-9]{9}$');