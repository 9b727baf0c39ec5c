CREATE TABLE "otp_relays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"otp_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"resend_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
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
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zpins" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_relays" ADD CONSTRAINT "otp_relays_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_relays" ADD CONSTRAINT "otp_relays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zpins" ADD CONSTRAINT "zpins_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zpins" ADD CONSTRAINT "zpins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_relays_org_idx" ON "otp_relays" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "transactions_app_task_idx" ON "transactions" USING btree ("app_id","task_id","request_timestamp");--> statement-breakpoint
CREATE INDEX "transactions_org_time_idx" ON "transactions" USING btree ("organisation_id","request_timestamp");