ALTER TABLE "api_logs" DROP CONSTRAINT "api_logs_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "api_logs" DROP CONSTRAINT "api_logs_app_id_apps_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_organisation_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_app_id_apps_id_fk";
