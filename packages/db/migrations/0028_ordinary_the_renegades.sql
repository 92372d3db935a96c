CREATE TABLE "received_code_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "received_code_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"match_kind" text NOT NULL,
	"match_value" text NOT NULL,
	"seller_tax_number" text,
	"subject_code" text NOT NULL,
	"subject_name" text NOT NULL,
	"material_code" text,
	"priority" integer DEFAULT 100 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_line_codings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "received_line_codings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"received_invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"rule_id" integer,
	"subject_code" text NOT NULL,
	"subject_name" text NOT NULL,
	"material_code" text,
	"coded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "received_code_rules_match_uq" ON "received_code_rules" USING btree ("tenant_id","match_kind","match_value",coalesce("seller_tax_number", ''));--> statement-breakpoint
CREATE UNIQUE INDEX "received_line_codings_line_uq" ON "received_line_codings" USING btree ("tenant_id","received_invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "received_line_codings_rule_idx" ON "received_line_codings" USING btree ("tenant_id","rule_id");