CREATE TABLE "invoice_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"token" text NOT NULL,
	"invoice_type" text NOT NULL,
	"title" jsonb NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_tax_number" text,
	"email" text,
	"mobile" text,
	"amount_fen" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"invoice_id" integer,
	"result_code" text,
	"fail_reason" text,
	"reviewed_by" integer,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_order_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"window_kind" text DEFAULT 'days' NOT NULL,
	"window_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scan_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"origin" text DEFAULT 'console' NOT NULL,
	"external_no" text,
	"amount_fen" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"remarks" text,
	"state" text DEFAULT 'open' NOT NULL,
	"request_id" integer,
	"invoice_id" integer,
	"expires_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_requests_token_uq" ON "invoice_requests" USING btree ("token");--> statement-breakpoint
CREATE INDEX "invoice_requests_tenant_idx" ON "invoice_requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_requests_source_idx" ON "invoice_requests" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "invoice_requests_invoice_idx" ON "invoice_requests" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_requests_order_live_uq" ON "invoice_requests" USING btree ("source","source_id") WHERE "invoice_requests"."source" = 'order' and "invoice_requests"."state" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "scan_orders_code_uq" ON "scan_orders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_orders_tenant_no_uq" ON "scan_orders" USING btree ("tenant_id","external_no");--> statement-breakpoint
CREATE INDEX "scan_orders_tenant_idx" ON "scan_orders" USING btree ("tenant_id","created_at");