CREATE TABLE "preopen_phone_app_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "preopen_phone_app_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"code" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preopen_phone_bind_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "preopen_phone_bind_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preopen_phone_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "preopen_phone_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "preopen_phone_app_codes_code_uq" ON "preopen_phone_app_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "preopen_phone_app_codes_invoice_uq" ON "preopen_phone_app_codes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preopen_phone_bind_codes_hash_uq" ON "preopen_phone_bind_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "preopen_phone_bind_codes_user_idx" ON "preopen_phone_bind_codes" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "preopen_phone_devices_hash_uq" ON "preopen_phone_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "preopen_phone_devices_user_idx" ON "preopen_phone_devices" USING btree ("tenant_id","user_id");