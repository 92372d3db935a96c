CREATE TABLE "tax_sandbox_deduction_periods" (
	"buyer_tax_number" text NOT NULL,
	"period" text NOT NULL,
	"state" text NOT NULL,
	"stats" jsonb,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_sandbox_deduction_periods_buyer_tax_number_period_pk" PRIMARY KEY("buyer_tax_number","period")
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_deduction_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"buyer_tax_number" text NOT NULL,
	"period" text NOT NULL,
	"action" text NOT NULL,
	"items" jsonb NOT NULL,
	"state" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_deductions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_sandbox_deductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_tax_number" text NOT NULL,
	"seller_credit_code" text NOT NULL,
	"number" text NOT NULL,
	"period" text NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_sandbox_deductions_invoice_uq" ON "tax_sandbox_deductions" USING btree ("seller_credit_code","number");