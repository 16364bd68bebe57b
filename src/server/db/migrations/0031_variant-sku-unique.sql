-- A SKU names one thing sold within a store, across its products' variants (docs/decisions/055):
-- each variant carries its product's store so one unique index can say so, and two edits racing
-- for one SKU cannot both commit. A product without options has its sole variant, which carries the
-- product's SKU, so the index also keeps a variant off a plain product's SKU.
ALTER TABLE "product_variants" ADD COLUMN "store_id" text;--> statement-breakpoint
UPDATE "product_variants" AS v SET "store_id" = p."store_id" FROM "products" AS p WHERE p."id" = v."product_id";--> statement-breakpoint
-- SKUs only the services kept apart may clash already (two grids saved at one moment, decision 054):
-- the sole variant (its product's SKU) keeps it, then the oldest; each later one gets a marked SKU
-- that the seller sees in the grid and can change, rather than the migration failing.
UPDATE "product_variants" AS v SET "sku" = left(v."sku", 50) || '-DUP-' || substr(md5(v."id"), 1, 6)
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "store_id", "sku" ORDER BY ("id" = "product_id") DESC, "created_at", "id"
  ) AS n
  FROM "product_variants" WHERE "store_id" IS NOT NULL
) AS d
WHERE d."id" = v."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_store_sku_key" ON "product_variants" USING btree ("store_id","sku");--> statement-breakpoint
-- The per-product index is implied by the per-store one.
DROP INDEX "product_variants_sku_key";--> statement-breakpoint
-- The store is the database's to write: every writer of a variant (the variants door, the
-- sole-variant trigger, seeds, test fixtures) gets it right without knowing of it. Only inserts
-- and writes of these columns pay for it: a stock move does not.
CREATE FUNCTION "product_variants_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."store_id" := (SELECT "store_id" FROM "products" WHERE "id" = NEW."product_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_store" BEFORE INSERT OR UPDATE OF "product_id", "store_id" ON "product_variants"
FOR EACH ROW EXECUTE FUNCTION "product_variants_store"();--> statement-breakpoint
-- A product's variants follow its store: to none when the store is deleted (products.store_id is
-- set null), to another if it ever moves (refused when the new store has one of its SKUs).
CREATE FUNCTION "products_variants_store"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "product_variants" SET "store_id" = NEW."store_id" WHERE "product_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_variants_store" AFTER UPDATE OF "store_id" ON "products"
FOR EACH ROW WHEN (OLD."store_id" IS DISTINCT FROM NEW."store_id") EXECUTE FUNCTION "products_variants_store"();
