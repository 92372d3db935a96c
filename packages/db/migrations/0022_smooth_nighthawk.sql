CREATE TABLE "tax_sandbox_identity" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"challenge_id" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"captcha_hash" text,
	"captcha_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoicer_identity_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoicer_identity_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"challenge_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoicer_identity_links_hash_uq" ON "invoicer_identity_links" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "invoicer_identity_links_tenant_idx" ON "invoicer_identity_links" USING btree ("tenant_id","id");