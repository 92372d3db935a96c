DROP INDEX "known_companies_name_idx";--> statement-breakpoint
CREATE INDEX "known_companies_name_trgm_idx" ON "known_companies" USING gin ("name" gin_trgm_ops);