CREATE TABLE "check_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"channel" text NOT NULL,
	"batch_id" text,
	"invoice_key" text NOT NULL,
	"code" text,
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" text NOT NULL,
	"state" text,
	"reply" jsonb NOT NULL,
	"seller_name" text,
	"buyer_tax_number" text,
	"total_fen" bigint,
	"received_invoice_id" integer,
	"checked_by" integer,
	"checked_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_claim_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_claim_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"claim_id" integer NOT NULL,
	"invoice_key" text NOT NULL,
	"code" text,
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text,
	"seller_name" text,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"check_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expense_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"claim_no" text NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"total_fen" bigint NOT NULL,
	"claimant_id" integer,
	"claimant_name" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_warnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_key" text NOT NULL,
	"detail" jsonb NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "check_records_tenant_idx" ON "check_records" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "check_records_key_idx" ON "check_records" USING btree ("tenant_id","invoice_key");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_claim_invoices_key_uq" ON "expense_claim_invoices" USING btree ("tenant_id","invoice_key");--> statement-breakpoint
CREATE INDEX "expense_claim_invoices_claim_idx" ON "expense_claim_invoices" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_claims_no_uq" ON "expense_claims" USING btree ("tenant_id","claim_no");--> statement-breakpoint
CREATE INDEX "expense_claims_tenant_idx" ON "expense_claims" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "purchase_warnings_tenant_idx" ON "purchase_warnings" USING btree ("tenant_id","id");