CREATE TABLE "received_invoice_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "received_invoice_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"received_invoice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"source" text NOT NULL,
	"detail" jsonb,
	"happened_at" timestamp with time zone,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "received_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"invoice_key" text NOT NULL,
	"code" text,
	"number" text NOT NULL,
	"buyer_tax_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_tax_number" text NOT NULL,
	"invoice_type" text NOT NULL,
	"colour" text NOT NULL,
	"issue_date" text NOT NULL,
	"period" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blue_number" text,
	"state" text DEFAULT 'normal' NOT NULL,
	"state_changed_at" timestamp with time zone,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_sync_cursors" (
	"tenant_id" integer NOT NULL,
	"buyer_tax_number" text NOT NULL,
	"cursor" text,
	"last_run_at" timestamp with time zone,
	"last_seen" integer DEFAULT 0 NOT NULL,
	"last_created" integer DEFAULT 0 NOT NULL,
	"last_changed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_invoice_marks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_sandbox_invoice_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_credit_code" text NOT NULL,
	"number" text NOT NULL,
	"buyer_tax_number" text,
	"state" text NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "received_invoice_changes_invoice_idx" ON "received_invoice_changes" USING btree ("tenant_id","received_invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "received_invoices_key_uq" ON "received_invoices" USING btree ("tenant_id","invoice_key");--> statement-breakpoint
CREATE INDEX "received_invoices_period_idx" ON "received_invoices" USING btree ("tenant_id","period","id");--> statement-breakpoint
CREATE INDEX "received_invoices_issue_idx" ON "received_invoices" USING btree ("tenant_id","issue_date","id");--> statement-breakpoint
CREATE INDEX "received_invoices_seller_idx" ON "received_invoices" USING btree ("tenant_id","seller_tax_number");--> statement-breakpoint
CREATE UNIQUE INDEX "received_sync_cursors_uq" ON "received_sync_cursors" USING btree ("tenant_id","buyer_tax_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_sandbox_invoice_marks_uq" ON "tax_sandbox_invoice_marks" USING btree ("seller_credit_code","number","state");--> statement-breakpoint
CREATE INDEX "tax_sandbox_invoice_marks_buyer_idx" ON "tax_sandbox_invoice_marks" USING btree ("buyer_tax_number","marked_at");--> statement-breakpoint
CREATE INDEX "tax_sandbox_invoices_buyer_idx" ON "tax_sandbox_invoices" USING btree ("buyer_tax_number","issued_at");