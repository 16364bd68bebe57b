-- Full-text product search (src/server/services/product-search.ts): a search document the
-- database keeps up to date (the name weighs most, then category and subcategory, then the
-- description), with a GIN index. Not in the Drizzle schema on purpose, so ordinary product
-- reads do not carry it. to_tsvector with a named configuration is immutable, as a generated
-- column needs, on PostgreSQL and PGlite alike.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', "name"), 'A') || setweight(to_tsvector('english', "category" || ' ' || "subcategory"), 'B') || setweight(to_tsvector('english', "description"), 'D')) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_vector_idx" ON "products" USING gin ("search_vector");
