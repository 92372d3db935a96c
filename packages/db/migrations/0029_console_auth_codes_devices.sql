CREATE TABLE "open_auth_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_auth_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"tenant_id" integer,
	"app_id" integer,
	"product" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_device_bindings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_device_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"device_serial" text NOT NULL,
	"device_type" text NOT NULL,
	"device_name" text DEFAULT '' NOT NULL,
	"app_id" integer,
	"client_id" text,
	"state" text DEFAULT 'bound' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "scopes" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "redirect_uris" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "refresh_token_ttl" integer DEFAULT 2592000 NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "open_auth_codes_code_uq" ON "open_auth_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "open_auth_codes_tenant_idx" ON "open_auth_codes" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_device_bindings_serial_bound_uq" ON "open_device_bindings" USING btree ("device_serial") WHERE "open_device_bindings"."state" = 'bound';--> statement-breakpoint
CREATE INDEX "open_device_bindings_tenant_idx" ON "open_device_bindings" USING btree ("tenant_id");