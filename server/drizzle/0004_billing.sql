CREATE TABLE "customer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"request_type" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" bigint,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "customer_requests_type_check" CHECK ("customer_requests"."request_type" in ('CUSTOM_PLAN_REQUEST', 'ADD_BALANCE_REQUEST')),
	CONSTRAINT "customer_requests_status_check" CHECK ("customer_requests"."status" in ('INITIATED', 'COMPLETED'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"payment_type" text NOT NULL,
	"mode" text NOT NULL,
	"order_id" text NOT NULL,
	"link_id" text,
	"link_url" text,
	"utr" text,
	"amount_paise" bigint NOT NULL,
	"status" text NOT NULL,
	"subscription_id" uuid,
	"provider_reference" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payments_link_id_unique" UNIQUE("link_id"),
	CONSTRAINT "payments_utr_unique" UNIQUE("utr"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_paise" <> 0),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('ACTIVE', 'PAID', 'SUCCESS', 'COMPLETED', 'EXPIRED', 'CANCELLED', 'ERROR')),
	CONSTRAINT "payments_type_check" CHECK ("payments"."payment_type" in ('WALLET_ADJUSTMENT', 'EXTERNAL', 'INTERNAL', 'BALANCE_TOP_UP'))
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan_id" uuid NOT NULL,
	"product_arn" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "plan_prices_plan_id_product_arn_pk" PRIMARY KEY("plan_id","product_arn"),
	CONSTRAINT "plan_prices_unit_price_check" CHECK ("plan_prices"."unit_price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"enable_immediately" boolean NOT NULL,
	"amount_paise" bigint NOT NULL,
	"payment_id" uuid,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_subscriptions_status_check" CHECK ("plan_subscriptions"."status" in ('ACTIVE', 'PAYMENT_PENDING', 'PAYMENT_RECEIVED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"plan_type" text NOT NULL,
	"is_custom_plan" boolean DEFAULT false NOT NULL,
	"organisation_id" uuid,
	"listed" boolean DEFAULT true NOT NULL,
	"amount_paise" bigint NOT NULL,
	"validity_months" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_code_unique" UNIQUE("code"),
	CONSTRAINT "plans_type_check" CHECK ("plans"."plan_type" in ('PREPAID', 'POSTPAID')),
	CONSTRAINT "plans_amount_check" CHECK ("plans"."amount_paise" >= 0),
	CONSTRAINT "plans_validity_check" CHECK ("plans"."validity_months" between 1 and 120),
	CONSTRAINT "plans_custom_owner_check" CHECK ("plans"."is_custom_plan" = ("plans"."organisation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"name" text NOT NULL,
	"bank_name" text NOT NULL,
	"ifsc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_accounts_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE TABLE "wallet_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"crossing_key" text NOT NULL,
	"balance_paise" bigint NOT NULL,
	"threshold_paise" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "wallet_alerts_crossing_unique" UNIQUE("organisation_id","kind","crossing_key"),
	CONSTRAINT "wallet_alerts_kind_check" CHECK ("wallet_alerts"."kind" in ('LOW_BALANCE', 'DAILY_LIMIT'))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"balance_after_paise" bigint NOT NULL,
	"product_arn" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_entries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('PLAN_CREDIT', 'TOP_UP', 'CALL', 'ADJUSTMENT'))
);
--> statement-breakpoint
CREATE TABLE "wallet_reservations" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"product_arn" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_reservations_amount_check" CHECK ("wallet_reservations"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"plan_type" text NOT NULL,
	"balance_paise" bigint DEFAULT 0 NOT NULL,
	"reserved_paise" bigint DEFAULT 0 NOT NULL,
	"alert_balance_paise" bigint DEFAULT 0 NOT NULL,
	"alert_balance_set_by_user" boolean DEFAULT false NOT NULL,
	"consumption_day" date,
	"day_consumption_paise" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_plan_type_check" CHECK ("wallets"."plan_type" in ('PREPAID', 'POSTPAID')),
	CONSTRAINT "wallets_reserved_check" CHECK ("wallets"."reserved_paise" >= 0),
	CONSTRAINT "wallets_prepaid_never_negative" CHECK ("wallets"."plan_type" <> 'PREPAID' or ("wallets"."balance_paise" >= 0 and "wallets"."balance_paise" - "wallets"."reserved_paise" >= 0))
);
--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_requests" ADD CONSTRAINT "customer_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_alerts" ADD CONSTRAINT "wallet_alerts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_reservations" ADD CONSTRAINT "wallet_reservations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_requests_one_open" ON "customer_requests" USING btree ("organisation_id","request_type") WHERE "customer_requests"."status" = 'INITIATED';--> statement-breakpoint
CREATE INDEX "payments_org_idx" ON "payments" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_one_active" ON "plan_subscriptions" USING btree ("organisation_id") WHERE "plan_subscriptions"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_one_next" ON "plan_subscriptions" USING btree ("organisation_id") WHERE "plan_subscriptions"."status" in ('PAYMENT_PENDING', 'PAYMENT_RECEIVED');--> statement-breakpoint
CREATE INDEX "plan_subscriptions_expiry_idx" ON "plan_subscriptions" USING btree ("end_date") WHERE "plan_subscriptions"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "plans_org_idx" ON "plans" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "wallet_alerts_unsent_idx" ON "wallet_alerts" USING btree ("created_at") WHERE "wallet_alerts"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "wallet_entries_org_idx" ON "wallet_entries" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_reservations_age_idx" ON "wallet_reservations" USING btree ("created_at");