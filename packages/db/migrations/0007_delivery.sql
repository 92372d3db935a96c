CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"trigger" text DEFAULT 'auto' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_id" integer,
	"provider_kind" text,
	"provider_message_id" text,
	"error_code" text,
	"error_message" text,
	"subject" text,
	"body" text,
	"short_code" text,
	"units" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delivery_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"provider_id" integer,
	"code" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 10 NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"channel" text NOT NULL,
	"scene" text DEFAULT 'invoice_delivery' NOT NULL,
	"name" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"provider_code" text,
	"sign_name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"invoice_ids" jsonb,
	"delivery_id" integer,
	"disabled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_balances" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"warn_below" integer DEFAULT 100 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_balances_non_negative" CHECK ("sms_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_control_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_control_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"kind" text NOT NULL,
	"mobile" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_limits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"per_number_per_minute" integer DEFAULT 1 NOT NULL,
	"per_number_per_hour" integer DEFAULT 5 NOT NULL,
	"per_number_per_day" integer DEFAULT 10 NOT NULL,
	"per_tenant_per_day" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_limits_tenant_id_unique" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "sms_recharges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_recharges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"paid_fen" integer,
	"balance_after" integer NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_parameters" (
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_parameters_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_idem_idx" ON "deliveries" USING btree ("invoice_id","channel","recipient","seq");--> statement-breakpoint
CREATE INDEX "deliveries_tenant_created_idx" ON "deliveries" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_created_idx" ON "deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deliveries_provider_msg_idx" ON "deliveries" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "delivery_events_delivery_idx" ON "delivery_events" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_events_created_idx" ON "delivery_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "message_providers_channel_idx" ON "message_providers" USING btree ("channel","tenant_id");--> statement-breakpoint
CREATE INDEX "message_templates_scene_idx" ON "message_templates" USING btree ("channel","scene","tenant_id");--> statement-breakpoint
CREATE INDEX "short_links_invoice_idx" ON "short_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "short_links_tenant_idx" ON "short_links" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_control_mobile_idx" ON "sms_control_entries" USING btree ("mobile","kind");--> statement-breakpoint
CREATE INDEX "sms_recharges_tenant_idx" ON "sms_recharges" USING btree ("tenant_id","created_at");