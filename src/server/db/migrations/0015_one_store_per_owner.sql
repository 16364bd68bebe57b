-- Hand-written (docs/decisions/027): one store per account. Since decision 015 nothing in the shop
-- makes a second store for an account, so only hand-made data can own several. Such an account keeps
-- its oldest store (created_at, then id: the one the store editor and the uploads already took as
-- its own); each other store is detached (owner_id NULL, like a sample store) and the detachment is
-- written to the operators' action log, so an operator sees which stores to hand on. The migration
-- runs in one transaction with the others: all of it or none.
WITH "ranked" AS (
	SELECT "id", "owner_id", "status",
		row_number() OVER (PARTITION BY "owner_id" ORDER BY "created_at", "id") AS "n",
		first_value("id") OVER (PARTITION BY "owner_id" ORDER BY "created_at", "id") AS "kept"
	FROM "stores" WHERE "owner_id" IS NOT NULL
)
INSERT INTO "operator_actions" ("id", "operator_id", "operator_email", "action", "target_type", "target_id", "from_status", "to_status", "reason")
SELECT gen_random_uuid()::text, NULL, 'migration 0015', 'detach_owner', 'store', "ranked"."id", "ranked"."status", "ranked"."status",
	'One store per account: its owner ' || coalesce("users"."email", "ranked"."owner_id") || ' keeps the older store ' || "ranked"."kept" || '; this one has no owner now.'
FROM "ranked" LEFT JOIN "users" ON "users"."id" = "ranked"."owner_id"
WHERE "ranked"."n" > 1;--> statement-breakpoint
UPDATE "stores" SET "owner_id" = NULL, "updated_at" = now()
WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", row_number() OVER (PARTITION BY "owner_id" ORDER BY "created_at", "id") AS "n"
		FROM "stores" WHERE "owner_id" IS NOT NULL
	) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
DROP INDEX "stores_owner_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "stores_owner_unique" ON "stores" USING btree ("owner_id");
