-- API Logs (server/src/db/schema.ts apiLogs): partitioned by month of created_at like
-- transactions (docs/decisions/0014-reports-at-scale.md), catch-alls before and after instead of a
-- DEFAULT partition so months can be detached CONCURRENTLY; retention drops whole months.
ALTER TABLE "organisations" ADD COLUMN "log_retention_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_log_retention_days_check" CHECK ("log_retention_days" IN (30, 90, 180, 365));--> statement-breakpoint
CREATE TABLE "api_logs" (
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"organisation_id" uuid NOT NULL,
	"app_id" uuid,
	"task_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"product_arn" text NOT NULL,
	"key_name" text,
	"key_prefix" text,
	"client_ip" text NOT NULL,
	"env" text NOT NULL,
	"http_status" integer NOT NULL,
	"response_code" integer,
	"billable" boolean NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"total_latency_ms" integer NOT NULL,
	"upstream_latency_ms" integer,
	"request" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	CONSTRAINT "api_logs_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "api_logs" ADD CONSTRAINT "api_logs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_logs" ADD CONSTRAINT "api_logs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_logs_org_recent_idx" ON "api_logs" USING btree ("organisation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_logs_task_idx" ON "api_logs" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "api_logs_group_idx" ON "api_logs" USING btree ("group_id");--> statement-breakpoint
DO $$
DECLARE
	first_month date := date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata')::date;
	last_month date := (date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') + interval '3 months')::date;
	month date := first_month;
BEGIN
	EXECUTE format('CREATE TABLE "api_logs_before" PARTITION OF "api_logs" FOR VALUES FROM (MINVALUE) TO (%L)',
		(first_month::timestamp AT TIME ZONE 'Asia/Kolkata'));
	WHILE month <= last_month LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "api_logs" FOR VALUES FROM (%L) TO (%L) WITH (autovacuum_vacuum_insert_scale_factor = 0.01)',
			'api_logs_p' || to_char(month, 'YYYY_MM'),
			(month::timestamp AT TIME ZONE 'Asia/Kolkata'),
			((month + interval '1 month')::timestamp AT TIME ZONE 'Asia/Kolkata'));
		month := (month + interval '1 month')::date;
	END LOOP;
	EXECUTE format('CREATE TABLE "api_logs_after" PARTITION OF "api_logs" FOR VALUES FROM (%L) TO (MAXVALUE)',
		(month::timestamp AT TIME ZONE 'Asia/Kolkata'));
END $$;
