CREATE TABLE "tenants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"credit_code" text NOT NULL,
	"tenant_code" text NOT NULL,
	"tenant_type" integer DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"invoice_method" integer DEFAULT 1 NOT NULL,
	"address" text,
	"phone" text,
	"bank" text,
	"account" text,
	"contact_name" text,
	"contact_phone" text,
	"email" text,
	"logo_url" text,
	"title_image_url" text,
	"extension_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"group_type_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_state" text DEFAULT 'initial' NOT NULL,
	"password_changed_at" timestamp with time zone,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"avatar" text,
	"description" text,
	"department_id" integer,
	"position_id" integer,
	"is_super_admin" integer DEFAULT 0 NOT NULL,
	"is_inside_user" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "elements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "elements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"menu_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_elements" (
	"group_id" integer NOT NULL,
	"element_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_menus" (
	"group_id" integer NOT NULL,
	"menu_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"code" text NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"icon" text,
	"path" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"scope" text DEFAULT 'tenant' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"client_id" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_pairs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "key_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purpose" text NOT NULL,
	"public_pem" text NOT NULL,
	"private_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_pairs_purpose_unique" UNIQUE("purpose")
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oauth_clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"name" text NOT NULL,
	"grant_types" text DEFAULT 'password' NOT NULL,
	"access_token_ttl" integer DEFAULT 43200 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gate_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"tenant_id" integer,
	"user_id" integer,
	"username" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'stored' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_code" text NOT NULL,
	"session_id" text,
	"operation_date" text,
	"tenant_id" integer,
	"user_id" integer,
	"device_content" jsonb,
	"business_content" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type_id" integer NOT NULL,
	"value" text NOT NULL,
	"label_zh" text NOT NULL,
	"label_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dict_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_coding_job_rows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_coding_job_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"name" text NOT NULL,
	"suggestions" jsonb,
	"accepted_code" text
);
--> statement-breakpoint
CREATE TABLE "ai_coding_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_coding_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_code_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_code_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"added" integer NOT NULL,
	"changed" integer NOT NULL,
	"retired" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"details" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_code_retirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_code_retirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"job_id" integer NOT NULL,
	"suggested_code" text,
	"reinstated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"vat_rates" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"parent_code" text,
	"level" integer NOT NULL,
	"is_leaf" boolean NOT NULL,
	"is_summary" boolean NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_coding_memory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenant_coding_memory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"code" text NOT NULL,
	"confirmations" integer DEFAULT 1 NOT NULL,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"tax_code" text NOT NULL,
	"spec" text,
	"unit" text,
	"unit_price" text,
	"pricing_mode" text DEFAULT 'exclusive' NOT NULL,
	"rate" text NOT NULL,
	"policy" text,
	"own_code" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"initials" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commodity_sku_maps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commodity_sku_maps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"commodity_id" integer NOT NULL,
	"remark" text,
	"initials" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"tax_number" text,
	"address" text,
	"phone" text,
	"bank" text,
	"account" text,
	"email" text,
	"mobile" text,
	"natural_person" boolean DEFAULT false NOT NULL,
	"default_invoice_type" text,
	"initials" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_credit_lines" (
	"tenant_id" integer NOT NULL,
	"month" text NOT NULL,
	"monthly_limit_fen" bigint NOT NULL,
	"used_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_sandbox_credit_lines_tenant_id_month_pk" PRIMARY KEY("tenant_id","month")
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_sandbox_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"number" text NOT NULL,
	"request_id" text NOT NULL,
	"seller_credit_code" text NOT NULL,
	"seller_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_tax_number" text,
	"invoice_type" text NOT NULL,
	"colour" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"issue_date" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"blue_number" text,
	"buyer_booked" boolean DEFAULT false NOT NULL,
	"credit_month" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_red_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_sandbox_red_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"form_no" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"blue_number" text NOT NULL,
	"seller_credit_code" text NOT NULL,
	"initiator" text NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"deadline" timestamp with time zone,
	"red_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_sandbox_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"invoice_number" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_sandbox_sequences" (
	"seller_credit_code" text NOT NULL,
	"year" integer NOT NULL,
	"last_seq" bigint NOT NULL,
	CONSTRAINT "tax_sandbox_sequences_seller_credit_code_year_pk" PRIMARY KEY("seller_credit_code","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"ip" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"kind" text DEFAULT 'normal' NOT NULL,
	"name" text NOT NULL,
	"tax_code" text,
	"spec" text,
	"unit" text,
	"quantity" text,
	"unit_price" text,
	"unit_price_exclusive" text,
	"rate" text NOT NULL,
	"policy" text,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"amount_inclusive_fen" bigint NOT NULL,
	"deduction_fen" bigint
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"client_serial" text NOT NULL,
	"type" text NOT NULL,
	"colour" text DEFAULT 'blue' NOT NULL,
	"pricing_mode" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_credit_code" text NOT NULL,
	"seller_address" text,
	"seller_phone" text,
	"seller_bank" text,
	"seller_account" text,
	"buyer_name" text NOT NULL,
	"buyer_tax_number" text,
	"buyer_address" text,
	"buyer_phone" text,
	"buyer_bank" text,
	"buyer_account" text,
	"buyer_email" text,
	"buyer_natural_person" integer DEFAULT 0 NOT NULL,
	"remarks" text,
	"drawer" text NOT NULL,
	"payee" text,
	"reviewer" text,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"total_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"issue_attempt" integer DEFAULT 0 NOT NULL,
	"request_id" text,
	"number" text,
	"issued_at" timestamp with time zone,
	"failure_code" text,
	"failure_reason" text,
	"blue_invoice_id" integer,
	"blue_number" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_code_uq" ON "tenants" USING btree ("tenant_code");--> statement-breakpoint
CREATE INDEX "tenants_credit_idx" ON "tenants" USING btree ("credit_code");--> statement-breakpoint
CREATE INDEX "departments_tenant_idx" ON "departments" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_pk" ON "group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_tenant_idx" ON "groups" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_tenant_code_uq" ON "groups" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_tenant_code_uq" ON "positions" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "elements_code_uq" ON "elements" USING btree ("code");--> statement-breakpoint
CREATE INDEX "elements_menu_idx" ON "elements" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_elements_pk" ON "group_elements" USING btree ("group_id","element_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_menus_pk" ON "group_menus" USING btree ("group_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_code_uq" ON "menus" USING btree ("code");--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_uq" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "access_tokens_tenant_created_idx" ON "access_tokens" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "access_tokens_created_idx" ON "access_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "gate_logs_created_idx" ON "gate_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gate_logs_tenant_created_idx" ON "gate_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tracking_created_idx" ON "tracking_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_value_uq" ON "dict_items" USING btree ("type_id","value");--> statement-breakpoint
CREATE INDEX "dict_items_type_idx" ON "dict_items" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "stored_files_tenant_idx" ON "stored_files" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "ai_coding_job_rows_job_idx" ON "ai_coding_job_rows" USING btree ("job_id","row_number");--> statement-breakpoint
CREATE INDEX "ai_coding_jobs_tenant_idx" ON "ai_coding_jobs" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "tax_code_retirements_code_idx" ON "tax_code_retirements" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tax_codes_parent_idx" ON "tax_codes" USING btree ("parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_coding_memory_uq" ON "tenant_coding_memory" USING btree ("tenant_id","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "commodities_tenant_own_code_uq" ON "commodities" USING btree ("tenant_id","own_code");--> statement-breakpoint
CREATE INDEX "commodities_tenant_tax_code_idx" ON "commodities" USING btree ("tenant_id","tax_code");--> statement-breakpoint
CREATE UNIQUE INDEX "commodity_sku_maps_tenant_sku_uq" ON "commodity_sku_maps" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "commodity_sku_maps_commodity_idx" ON "commodity_sku_maps" USING btree ("commodity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_tax_number_uq" ON "customers" USING btree ("tenant_id","tax_number");--> statement-breakpoint
CREATE INDEX "customers_tenant_name_idx" ON "customers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_sandbox_invoices_number_uq" ON "tax_sandbox_invoices" USING btree ("seller_credit_code","number");--> statement-breakpoint
CREATE INDEX "tax_sandbox_invoices_number_idx" ON "tax_sandbox_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_sandbox_red_forms_no_uq" ON "tax_sandbox_red_forms" USING btree ("form_no");--> statement-breakpoint
CREATE INDEX "tax_sandbox_red_forms_blue_idx" ON "tax_sandbox_red_forms" USING btree ("blue_number");--> statement-breakpoint
CREATE INDEX "tax_sandbox_red_forms_deadline_idx" ON "tax_sandbox_red_forms" USING btree ("state","deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_sandbox_requests_request_uq" ON "tax_sandbox_requests" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_sandbox_requests_order_uq" ON "tax_sandbox_requests" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_line_uq" ON "invoice_lines" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_serial_uq" ON "invoices" USING btree ("tenant_id","client_serial");--> statement-breakpoint
CREATE INDEX "invoices_tenant_status_idx" ON "invoices" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "invoices_tenant_created_idx" ON "invoices" USING btree ("tenant_id","created_at");