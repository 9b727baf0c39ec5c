CREATE TABLE "gateway_tasks" (
	"app_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_tasks_app_id_task_id_pk" PRIMARY KEY("app_id","task_id")
);
--> statement-breakpoint
CREATE INDEX "gateway_tasks_age_idx" ON "gateway_tasks" USING btree ("reserved_at");--> statement-breakpoint
CREATE INDEX "gateway_tasks_request_idx" ON "gateway_tasks" USING btree ("request_id");--> statement-breakpoint
-- The task ids already used within the duplicate window count from the start.
INSERT INTO "gateway_tasks" ("app_id", "task_id", "request_id", "reserved_at")
SELECT DISTINCT ON ("app_id", "task_id") "app_id", "task_id", "id", "request_timestamp" FROM "transactions"
WHERE "app_id" IS NOT NULL AND "response_code" IS NOT NULL AND "response_code" <> 107 AND "request_timestamp" > now() - interval '15 minutes'
ORDER BY "app_id", "task_id", "request_timestamp" DESC;
