-- Asynchronous live verifications an upstream reported complete (POST /upstream-callbacks/:arn), one per call that started the flow: the key keeps a repeated callback from raising verification.completed twice. And the indexes the webhook retention job walks: finished deliveries and events, oldest first.
CREATE TABLE "live_completions" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"product_arn" text NOT NULL,
	"task_id" uuid NOT NULL,
	"passed" boolean NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_completions" ADD CONSTRAINT "live_completions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_completions" ADD CONSTRAINT "live_completions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_finished_created_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."outcome" <> 'pending';--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");
