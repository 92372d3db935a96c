ALTER INDEX "invoices_buyer_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('invoices_buyer_name_trgm_idx');
