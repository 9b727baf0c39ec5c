ALTER TABLE "wallets" ADD COLUMN "plan_amount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "alert_percents" integer[] DEFAULT '{50,25,10}' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "daily_cap_paise" bigint;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "cap_day" date;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "cap_used_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_daily_cap_check" CHECK ("wallets"."daily_cap_paise" is null or "wallets"."daily_cap_paise" >= 0);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_cap_used_check" CHECK ("wallets"."cap_used_paise" >= 0);--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_alert_percents_check" CHECK (cardinality("wallets"."alert_percents") <= 5 and 1 <= all("wallets"."alert_percents") and 99 >= all("wallets"."alert_percents"));--> statement-breakpoint
UPDATE "wallets" w SET "plan_amount_paise" = s."amount_paise" FROM "plan_subscriptions" s WHERE s."organisation_id" = w."organisation_id" AND s."status" = 'ACTIVE';--> statement-breakpoint
ALTER TABLE "wallet_alerts" ADD COLUMN "threshold_percent" integer;--> statement-breakpoint
ALTER TABLE "wallet_alerts" DROP CONSTRAINT "wallet_alerts_kind_check";--> statement-breakpoint
ALTER TABLE "wallet_alerts" ADD CONSTRAINT "wallet_alerts_kind_check" CHECK ("wallet_alerts"."kind" in ('LOW_BALANCE', 'DAILY_LIMIT', 'THRESHOLD'));
