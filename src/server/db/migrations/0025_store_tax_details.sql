ALTER TABLE "stores" ADD COLUMN "trn" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gct_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gct_number" text;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_trn_nine_digits" CHECK ("stores"."trn" is null or "stores"."trn" ~ '^[0-9]{9}$');--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_gct_registration" CHECK (("stores"."gct_registered" and "stores"."trn" is not null and "stores"."gct_number" is not null) or (not "stores"."gct_registered" and "stores"."gct_number" is null));