-- Lines are variants (issue 30 #3, docs/decisions/052). Every product on record is its own sole
-- variant (migration 0028), so a cart line's variant is its product's id until it names another.
ALTER TABLE "cart_lines" ADD COLUMN "variant_id" text;--> statement-breakpoint
UPDATE "cart_lines" SET "variant_id" = "product_id";--> statement-breakpoint
ALTER TABLE "cart_lines" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_user_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_variant_id_pk" PRIMARY KEY("user_id","variant_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- An order line sold before variants sold its product's sole variant (when that product is still on record).
UPDATE "order_lines" SET "variant_id" = "product_id"
 WHERE "product_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "product_variants" v WHERE v."id" = "order_lines"."product_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A review may say which variant its author bought (from their order line; null for older reviews).
ALTER TABLE "product_reviews" ADD COLUMN "variant_label" text;
