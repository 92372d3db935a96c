CREATE TABLE "monitor_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"queue" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitor_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"requests" integer NOT NULL,
	"errors" integer NOT NULL,
	"interval_seconds" real NOT NULL,
	"latency_p50_ms" real,
	"latency_p95_ms" real,
	"event_loop_lag_ms" real,
	"rss_bytes" bigint NOT NULL,
	"heap_used_bytes" bigint NOT NULL,
	"queue_depth" integer,
	"db_pool_total" integer,
	"db_pool_idle" integer,
	"db_pool_waiting" integer
);
--> statement-breakpoint
CREATE TABLE "monitor_schedule_pauses" (
	"name" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_by" text
);
--> statement-breakpoint
CREATE TABLE "monitor_spans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_spans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trace_id" text NOT NULL,
	"span_id" text NOT NULL,
	"parent_span_id" text,
	"instance_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_us" bigint NOT NULL,
	"error" boolean DEFAULT false NOT NULL,
	"attributes" jsonb
);
--> statement-breakpoint
CREATE INDEX "monitor_instances_heartbeat_idx" ON "monitor_instances" USING btree ("last_heartbeat");--> statement-breakpoint
CREATE INDEX "monitor_samples_at_idx" ON "monitor_samples" USING btree ("at");--> statement-breakpoint
CREATE INDEX "monitor_samples_instance_at_idx" ON "monitor_samples" USING btree ("instance_id","at");--> statement-breakpoint
CREATE INDEX "monitor_spans_trace_idx" ON "monitor_spans" USING btree ("trace_id");--> statement-breakpoint
CREATE INDEX "monitor_spans_started_idx" ON "monitor_spans" USING btree ("started_at");