CREATE TABLE "tax_document_counters" (
	"store_id" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"part_id" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"source" text NOT NULL,
	"credits_number" integer,
	"reason" text,
	"supplier_name" text NOT NULL,
	"supplier_trn" text,
	"gct_registered" boolean NOT NULL,
	"supplier_gct_number" text,
	"customer_name" text NOT NULL,
	"net_cents" bigint NOT NULL,
	"gct_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"gct_bp" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_sum" CHECK ("tax_documents"."net_cents" + "tax_documents"."gct_cents" = "tax_documents"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "trn" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gct_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "gct_number" text;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "tax_cents" bigint;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "tax_bp" integer;--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("store_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_source_key" ON "tax_documents" USING btree ("source");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_store_issued_idx" ON "tax_documents" USING btree ("store_id","issued_at");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_trn_nine_digits" CHECK ("stores"."trn" is null or "stores"."trn" ~ '^[0-9]{9}$');--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_gct_registration" CHECK (("stores"."gct_registered" and "stores"."trn" is not null and "stores"."gct_number" is not null) or (not "stores"."gct_registered" and "stores"."gct_number" is null));