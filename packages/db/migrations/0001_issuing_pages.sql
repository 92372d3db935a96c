CREATE TABLE "invoice_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"payload" jsonb NOT NULL,
	"report" jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opener_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opener_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"department_id" integer,
	"is_default" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"printer_name" text NOT NULL,
	"invoice_type" text,
	"offset_x" integer DEFAULT 0 NOT NULL,
	"offset_y" integer DEFAULT 0 NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_letter_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_letter_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"blue_invoice_id" integer NOT NULL,
	"blue_number" text NOT NULL,
	"form_no" text,
	"initiator" text NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"partial" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"deadline" timestamp with time zone,
	"red_invoice_id" integer,
	"remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "seal_image_key" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "blue_line_no" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "special_label" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "red_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "red_form_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "check_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "batch_row" integer;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_batches_tenant_idx" ON "invoice_batches" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_files_invoice_format_uq" ON "invoice_files" USING btree ("invoice_id","format");--> statement-breakpoint
CREATE INDEX "opener_profiles_tenant_idx" ON "opener_profiles" USING btree ("tenant_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "print_settings_tenant_printer_uq" ON "print_settings" USING btree ("tenant_id","printer_name");--> statement-breakpoint
CREATE INDEX "red_letter_forms_tenant_state_idx" ON "red_letter_forms" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "red_letter_forms_blue_idx" ON "red_letter_forms" USING btree ("blue_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_letter_forms_form_no_uq" ON "red_letter_forms" USING btree ("tenant_id","form_no");--> statement-breakpoint
CREATE INDEX "invoices_tenant_issued_idx" ON "invoices" USING btree ("tenant_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_tenant_number_idx" ON "invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "invoices_blue_idx" ON "invoices" USING btree ("blue_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_batch_idx" ON "invoices" USING btree ("batch_id","batch_row");