-- transactions becomes a table partitioned by month of request_timestamp (India Standard Time
-- months), with catch-all partitions before the first month and after the last instead of a
-- DEFAULT partition, so that old months can be detached CONCURRENTLY
-- (docs/decisions/0014-reports-at-scale.md). Existing rows are copied over; the daily rollups
-- are built from them.
ALTER TABLE "transactions" RENAME TO "transactions_unpartitioned";--> statement-breakpoint
ALTER TABLE "transactions_unpartitioned" DROP CONSTRAINT "transactions_organisation_id_organisations_id_fk";--> statement-breakpoint
ALTER TABLE "transactions_unpartitioned" DROP CONSTRAINT "transactions_app_id_apps_id_fk";--> statement-breakpoint
DROP INDEX "transactions_org_time_idx";--> statement-breakpoint
DROP INDEX "transactions_app_task_idx";--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid NOT NULL,
	"organisation_id" uuid,
	"app_id" uuid,
	"product_arn" text NOT NULL,
	"product_version" text NOT NULL,
	"env" text NOT NULL,
	"task_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"request_timestamp" timestamp with time zone NOT NULL,
	"response_timestamp" timestamp with time zone NOT NULL,
	"http_status" integer NOT NULL,
	"response_code" integer,
	"status" text NOT NULL,
	"billable" boolean NOT NULL,
	"client_ip" text NOT NULL,
	"message" text NOT NULL,
	"test_credit" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transactions_id_request_timestamp_pk" PRIMARY KEY("id","request_timestamp")
) PARTITION BY RANGE ("request_timestamp");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_app_task_idx" ON "transactions" USING btree ("app_id","task_id","request_timestamp");--> statement-breakpoint
CREATE INDEX "transactions_org_recent_idx" ON "transactions" USING btree ("organisation_id","request_timestamp" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("status","env","billable");--> statement-breakpoint
CREATE INDEX "transactions_org_app_recent_idx" ON "transactions" USING btree ("organisation_id","app_id","request_timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_org_product_recent_idx" ON "transactions" USING btree ("organisation_id","product_arn","request_timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_task_idx" ON "transactions" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "transactions_group_idx" ON "transactions" USING btree ("group_id");--> statement-breakpoint
DO $$
DECLARE
	first_month date := date_trunc('month', least(
		coalesce((SELECT min("request_timestamp") FROM "transactions_unpartitioned"), now()),
		now()) AT TIME ZONE 'Asia/Kolkata')::date;
	last_month date := (date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') + interval '3 months')::date;
	month date := first_month;
BEGIN
	EXECUTE format('CREATE TABLE "transactions_before" PARTITION OF "transactions" FOR VALUES FROM (MINVALUE) TO (%L)',
		(first_month::timestamp AT TIME ZONE 'Asia/Kolkata'));
	WHILE month <= last_month LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF "transactions" FOR VALUES FROM (%L) TO (%L) WITH (autovacuum_vacuum_insert_scale_factor = 0.01)',
			'transactions_p' || to_char(month, 'YYYY_MM'),
			(month::timestamp AT TIME ZONE 'Asia/Kolkata'),
			((month + interval '1 month')::timestamp AT TIME ZONE 'Asia/Kolkata'));
		month := (month + interval '1 month')::date;
	END LOOP;
	EXECUTE format('CREATE TABLE "transactions_after" PARTITION OF "transactions" FOR VALUES FROM (%L) TO (MAXVALUE)',
		(month::timestamp AT TIME ZONE 'Asia/Kolkata'));
END $$;--> statement-breakpoint
INSERT INTO "transactions" ("id","organisation_id","app_id","product_arn","product_version","env","task_id","group_id","request_timestamp","response_timestamp","http_status","response_code","status","billable","client_ip","message")
SELECT "id","organisation_id","app_id","product_arn","product_version","env","task_id","group_id","request_timestamp","response_timestamp","http_status","response_code","status","billable","client_ip","message"
FROM "transactions_unpartitioned";--> statement-breakpoint
DROP TABLE "transactions_unpartitioned";--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_arn" text NOT NULL,
	"env" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"billable" bigint DEFAULT 0 NOT NULL,
	"success" bigint DEFAULT 0 NOT NULL,
	"billable_success" bigint DEFAULT 0 NOT NULL,
	"test_credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_organisation_id_day_product_arn_env_pk" PRIMARY KEY("organisation_id","day","product_arn","env")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_by_app" (
	"organisation_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_arn" text NOT NULL,
	"env" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"billable" bigint DEFAULT 0 NOT NULL,
	"success" bigint DEFAULT 0 NOT NULL,
	"billable_success" bigint DEFAULT 0 NOT NULL,
	"test_credits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_by_app_organisation_id_app_id_day_product_arn_env_pk" PRIMARY KEY("organisation_id","app_id","day","product_arn","env")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily_by_app" ADD CONSTRAINT "usage_daily_by_app_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily_by_app" ADD CONSTRAINT "usage_daily_by_app_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "usage_daily" ("organisation_id","day","product_arn","env","calls","billable","success","billable_success","test_credits")
SELECT "organisation_id", ("request_timestamp" AT TIME ZONE 'Asia/Kolkata')::date, "product_arn", "env",
	count(*), count(*) FILTER (WHERE "billable"), count(*) FILTER (WHERE "status" = 'SUCCESS'),
	count(*) FILTER (WHERE "billable" AND "status" = 'SUCCESS'), count(*) FILTER (WHERE "test_credit")
FROM "transactions" WHERE "organisation_id" IS NOT NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "usage_daily_by_app" ("organisation_id","app_id","day","product_arn","env","calls","billable","success","billable_success","test_credits")
SELECT "organisation_id", "app_id", ("request_timestamp" AT TIME ZONE 'Asia/Kolkata')::date, "product_arn", "env",
	count(*), count(*) FILTER (WHERE "billable"), count(*) FILTER (WHERE "status" = 'SUCCESS'),
	count(*) FILTER (WHERE "billable" AND "status" = 'SUCCESS'), count(*) FILTER (WHERE "test_credit")
FROM "transactions" WHERE "organisation_id" IS NOT NULL AND "app_id" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
