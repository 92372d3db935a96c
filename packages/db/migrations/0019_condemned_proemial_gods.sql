CREATE TABLE "wallet_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 10 NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"platform" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"total_fen" integer DEFAULT 0 NOT NULL,
	"buyer_ref" text NOT NULL,
	"ref" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"card_id" text,
	"account_id" integer,
	"account_kind" text,
	"fail_code" text,
	"fail_reason" text,
	"tried" jsonb,
	"retries" integer DEFAULT 0 NOT NULL,
	"inserted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"notice_id" text NOT NULL,
	"card_ref" text NOT NULL,
	"event" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wallet_accounts_tenant_idx" ON "wallet_accounts" USING btree ("tenant_id","platform","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_cards_ref_uq" ON "wallet_cards" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_cards_buyer_uq" ON "wallet_cards" USING btree ("tenant_id","platform","invoice_id","buyer_ref");--> statement-breakpoint
CREATE INDEX "wallet_cards_tenant_idx" ON "wallet_cards" USING btree ("tenant_id","platform","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_notices_uq" ON "wallet_notices" USING btree ("platform","notice_id");