CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "invoices_tenant_colour_idx" ON "invoices" USING btree ("tenant_id","colour","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_name_trgm_idx" ON "invoices" USING gin ("buyer_name" gin_trgm_ops);