CREATE TABLE "test_gateway_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"spi_token" text NOT NULL,
	"order_identifier" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"merchant_response_url" text NOT NULL,
	"stage" text DEFAULT 'awaiting_card' NOT NULL,
	"card" text,
	"card_suffix" text,
	"iso_response_code" text DEFAULT 'SP4' NOT NULL,
	"response_message" text DEFAULT 'SPI Preprocessing complete' NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_gateway_transactions_spi_token_key" ON "test_gateway_transactions" USING btree ("spi_token");--> statement-breakpoint
CREATE INDEX "test_gateway_transactions_order_idx" ON "test_gateway_transactions" USING btree ("order_identifier");