-- Typo-tolerant product search (src/server/services/product-search.ts): trigram indexes on the
-- text a search word is compared with. pg_trgm is a trusted extension on PostgreSQL 13+ and is
-- loaded into PGlite by src/server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || "category" || ' ' || "subcategory")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_description_trgm_idx" ON "products" USING gin (lower("description") gin_trgm_ops);
