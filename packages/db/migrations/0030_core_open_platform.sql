CREATE TABLE "open_access_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_access_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"app_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_app_groups" (
	"app_id" integer NOT NULL,
	"group_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_app_groups_app_id_group_code_pk" PRIMARY KEY("app_id","group_code")
);
--> statement-breakpoint
CREATE TABLE "open_apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"developer_id" integer NOT NULL,
	"name" text NOT NULL,
	"app_key" text NOT NULL,
	"secret_cipher" text NOT NULL,
	"secret_hint" text NOT NULL,
	"ip_whitelist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"callback_url" text,
	"webhook_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"tenant_id" integer,
	"sandbox" boolean DEFAULT true NOT NULL,
	"remark" text,
	"secret_rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_call_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_call_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"app_id" integer,
	"app_key" text,
	"tenant_id" integer,
	"operation" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"http_status" integer NOT NULL,
	"code" text NOT NULL,
	"latency_ms" integer NOT NULL,
	"request_id" text NOT NULL,
	"ip" text,
	"auth_mode" text
);
--> statement-breakpoint
CREATE TABLE "open_developers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_developers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"tenant_id" integer,
	"contact" text,
	"phone" text,
	"email" text,
	"state" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_interface_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_interface_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text,
	"description_en" text,
	"state" text DEFAULT 'enabled' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_interfaces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_interfaces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operation" text NOT NULL,
	"group_code" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"isv" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_licenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"state" text DEFAULT 'active' NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_rate_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_rate_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"app_id" integer,
	"tenant_id" integer,
	"operation" text,
	"points" integer NOT NULL,
	"window_seconds" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'enabled' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "open_access_tokens_hash_uq" ON "open_access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "open_access_tokens_app_idx" ON "open_access_tokens" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_apps_app_key_uq" ON "open_apps" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "open_apps_developer_idx" ON "open_apps" USING btree ("developer_id");--> statement-breakpoint
CREATE INDEX "open_apps_tenant_idx" ON "open_apps" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_call_logs_at_idx" ON "open_call_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "open_call_logs_request_idx" ON "open_call_logs" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "open_call_logs_app_at_idx" ON "open_call_logs" USING btree ("app_id","at");--> statement-breakpoint
CREATE INDEX "open_call_logs_tenant_at_idx" ON "open_call_logs" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "open_developers_tenant_idx" ON "open_developers" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_interface_groups_code_uq" ON "open_interface_groups" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "open_interfaces_operation_uq" ON "open_interfaces" USING btree ("operation");--> statement-breakpoint
CREATE INDEX "open_interfaces_group_idx" ON "open_interfaces" USING btree ("group_code");--> statement-breakpoint
CREATE UNIQUE INDEX "open_licenses_app_tenant_uq" ON "open_licenses" USING btree ("app_id","tenant_id");--> statement-breakpoint
CREATE INDEX "open_licenses_tenant_idx" ON "open_licenses" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "open_rate_limits_scope_idx" ON "open_rate_limits" USING btree ("scope");