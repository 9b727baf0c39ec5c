CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid,
	"owner_email" text NOT NULL,
	"name" text NOT NULL,
	"product_arn" text NOT NULL,
	"app_id" uuid,
	"response_type" text NOT NULL,
	"tpm" integer NOT NULL,
	"state" text NOT NULL,
	"total_items" integer NOT NULL,
	"total_processed" integer DEFAULT 0 NOT NULL,
	"total_completed" integer DEFAULT 0 NOT NULL,
	"results_bytes" bigint DEFAULT 0 NOT NULL,
	"download_initiated" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batches_counts_check" CHECK ("batches"."total_processed" >= 0 and "batches"."total_processed" <= "batches"."total_items" and "batches"."total_completed" <= "batches"."total_processed")
);
--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_org_created_idx" ON "batches" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "batches_unfinished_idx" ON "batches" USING btree ("state") WHERE "batches"."state" in ('Waiting for approval', 'RUNNING', 'PAUSED');