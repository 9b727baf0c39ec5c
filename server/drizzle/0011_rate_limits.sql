-- Rate limits (docs/decisions/0019-rate-limits.md): an operator's calls per second per organisation, and each app's current one-second window as leased to the instances.
CREATE TABLE "organisation_rate_limits" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"calls_per_second" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_rate_limits_positive_check" CHECK ("organisation_rate_limits"."calls_per_second" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"granted" integer NOT NULL,
	"last_grant" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_rate_limits" ADD CONSTRAINT "organisation_rate_limits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limit_windows" ADD CONSTRAINT "rate_limit_windows_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;