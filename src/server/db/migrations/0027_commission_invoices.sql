CREATE TABLE "commission_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_trn" text,
	"gct_registered" boolean NOT NULL,
	"supplier_gct_number" text,
	"customer_name" text NOT NULL,
	"customer_trn" text,
	"net_cents" bigint NOT NULL,
	"gct_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"gct_bp" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_invoices_sum" CHECK ("commission_invoices"."net_cents" + "commission_invoices"."gct_cents" = "commission_invoices"."total_cents"),
	CONSTRAINT "commission_invoices_positive" CHECK ("commission_invoices"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_document_counters" (
	"sequence" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_invoices" ADD CONSTRAINT "commission_invoices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_invoices_number_key" ON "commission_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_invoices_store_month_key" ON "commission_invoices" USING btree ("store_id","month");--> statement-breakpoint
CREATE INDEX "commission_invoices_month_idx" ON "commission_invoices" USING btree ("month");