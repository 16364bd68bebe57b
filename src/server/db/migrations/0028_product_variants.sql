CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"option_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sku" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"compare_at_cents" bigint,
	"stock" integer DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_values_key" ON "product_variants" USING btree ("product_id","option_values");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("product_id","sku");--> statement-breakpoint
-- Every product on record becomes its own sole variant (issue 30: "a product without options is one variant").
INSERT INTO "product_variants" ("id", "product_id", "position", "option_values", "sku", "price_cents", "compare_at_cents", "stock", "images", "created_at", "updated_at")
SELECT "id", "id", 0, '[]'::jsonb, "sku", "price_cents", "compare_at_cents", "stock", '[]'::jsonb, "created_at", "updated_at" FROM "products";--> statement-breakpoint
-- The sole variant of a product without options follows the product (docs/decisions/051): every
-- writer of a product's price, compare-at, stock or SKU (the change door, stock moves, the CSV
-- import, seeds, benchmarks, test fixtures) keeps it without knowing of it.
CREATE FUNCTION "products_sole_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF jsonb_array_length(NEW."options") = 0 THEN
    INSERT INTO "product_variants" ("id", "product_id", "position", "option_values", "sku", "price_cents", "compare_at_cents", "stock")
    VALUES (NEW."id", NEW."id", 0, '[]'::jsonb, NEW."sku", NEW."price_cents", NEW."compare_at_cents", NEW."stock")
    ON CONFLICT ("id") DO UPDATE SET "sku" = excluded."sku", "price_cents" = excluded."price_cents",
      "compare_at_cents" = excluded."compare_at_cents", "stock" = excluded."stock", "updated_at" = now();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_sole_variant" AFTER INSERT OR UPDATE OF "price_cents", "compare_at_cents", "stock", "sku", "options" ON "products"
FOR EACH ROW EXECUTE FUNCTION "products_sole_variant"();
