CREATE TABLE "deduction_selections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deduction_selections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"received_invoice_id" integer NOT NULL,
	"period" text NOT NULL,
	"state" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"request_id" text,
	"reason" text,
	"flag" text,
	"flagged_at" timestamp with time zone,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"period" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"tax_fen" bigint DEFAULT 0 NOT NULL,
	"stats_applied_at" timestamp with time zone,
	"stats_applied_by" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deduction_selections_invoice_uq" ON "deduction_selections" USING btree ("tenant_id","received_invoice_id");--> statement-breakpoint
CREATE INDEX "deduction_selections_period_idx" ON "deduction_selections" USING btree ("tenant_id","period","state");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_periods_uq" ON "purchase_periods" USING btree ("tenant_id","period");