DROP INDEX "api_logs_task_idx";--> statement-breakpoint
DROP INDEX "api_logs_group_idx";