CREATE TABLE "code_board_controls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_board_controls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"auto_approve_allowed" boolean DEFAULT true NOT NULL,
	"max_cap_fen" bigint DEFAULT 0 NOT NULL,
	"daily_requests" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_boards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "code_boards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'shop' NOT NULL,
	"invoice_kind" text DEFAULT 'allEle' NOT NULL,
	"business_line" text,
	"category_ids" text NOT NULL,
	"cap_fen" bigint NOT NULL,
	"approval" text DEFAULT 'manual' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "code_board_controls_tenant_uq" ON "code_board_controls" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_boards_code_uq" ON "code_boards" USING btree ("code");--> statement-breakpoint
CREATE INDEX "code_boards_tenant_idx" ON "code_boards" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_boards_tenant_name_uq" ON "code_boards" USING btree ("tenant_id","name");