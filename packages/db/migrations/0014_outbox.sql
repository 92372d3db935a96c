CREATE TABLE "outbox_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"tenant_id" integer,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	"lease_token" text NOT NULL,
	"outcome" text,
	"code" text,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"payload" jsonb,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_token" text,
	"last_code" text,
	"last_error" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "outbox_tasks_kind_ref_unique" UNIQUE("kind","ref")
);
--> statement-breakpoint
CREATE INDEX "outbox_attempts_task_idx" ON "outbox_attempts" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "outbox_tasks_state_next_idx" ON "outbox_tasks" USING btree ("state","next_at");