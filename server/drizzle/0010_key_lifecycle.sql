ALTER TABLE "app_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "rolled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "expiry_reminded_days" smallint;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_keys" ADD COLUMN "last_client_ip" text;--> statement-breakpoint
CREATE INDEX "app_keys_expiring_idx" ON "app_keys" USING btree ("expires_at") WHERE "app_keys"."expires_at" is not null and "app_keys"."status" = 'ENABLED';