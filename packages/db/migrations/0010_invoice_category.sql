ALTER TABLE "invoices" ADD COLUMN "category_id" integer;--> statement-breakpoint
CREATE INDEX "invoices_tenant_category_idx" ON "invoices" USING btree ("tenant_id","category_id","issued_at","id");