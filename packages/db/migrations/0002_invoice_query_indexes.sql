DROP INDEX "invoices_tenant_status_idx";--> statement-breakpoint
DROP INDEX "invoices_tenant_issued_idx";--> statement-breakpoint
CREATE INDEX "invoices_tenant_buyer_tax_idx" ON "invoices" USING btree ("tenant_id","buyer_tax_number","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_type_issued_idx" ON "invoices" USING btree ("tenant_id","type","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_drawer_issued_idx" ON "invoices" USING btree ("tenant_id","drawer","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_total_idx" ON "invoices" USING btree ("tenant_id","total_fen");--> statement-breakpoint
CREATE INDEX "invoices_in_flight_idx" ON "invoices" USING btree ("updated_at") WHERE "invoices"."status" in ('ready', 'issuing');--> statement-breakpoint
CREATE INDEX "invoices_tenant_status_idx" ON "invoices" USING btree ("tenant_id","status","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_issued_idx" ON "invoices" USING btree ("tenant_id","issued_at","id");