CREATE TABLE "open_webhook_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"n" integer NOT NULL,
	"url" text NOT NULL,
	"request_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"error_code" text,
	"error_message" text,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_webhook_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_code" text,
	"last_error" text,
	"next_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "open_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_webhook_attempts_delivery_idx" ON "open_webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_webhook_deliveries_event_app_uq" ON "open_webhook_deliveries" USING btree ("event_id","app_id");--> statement-breakpoint
CREATE INDEX "open_webhook_deliveries_tenant_idx" ON "open_webhook_deliveries" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "open_webhook_deliveries_app_idx" ON "open_webhook_deliveries" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "open_webhook_deliveries_state_idx" ON "open_webhook_deliveries" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "open_webhook_events_event_id_uq" ON "open_webhook_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "open_webhook_events_tenant_idx" ON "open_webhook_events" USING btree ("tenant_id","occurred_at");