CREATE TABLE "known_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "known_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tax_number" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_companies_tax_number_unique" UNIQUE("tax_number")
);
--> statement-breakpoint
CREATE TABLE "title_scan_settings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"scan_title" jsonb,
	"scan_invoice" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "known_companies_name_idx" ON "known_companies" USING btree ("name");