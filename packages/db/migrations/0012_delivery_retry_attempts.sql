ALTER TABLE "deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "tried" jsonb;--> statement-breakpoint
CREATE INDEX "deliveries_retry_due_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."status" = 'retrying';--> statement-breakpoint
-- Units are billed only from what a provider accepted: records that no provider accepted bill nothing (their quota was given back).
UPDATE "deliveries" SET "units" = 0 WHERE "accepted_at" IS NULL AND "units" <> 0;
