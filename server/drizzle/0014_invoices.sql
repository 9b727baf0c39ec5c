-- GST documents (modules/invoices): a tax invoice per plan payment and a receipt voucher per wallet top-up, issued in the payment's transaction with the customer's details as they were then, numbered from one counter row per financial year and kind; and the billing details (legal name, address, state) an organisation gives its invoices.
CREATE TABLE "billing_details" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state_code" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"financial_year" text NOT NULL,
	"kind" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_financial_year_kind_pk" PRIMARY KEY("financial_year","kind"),
	CONSTRAINT "invoice_counters_kind_check" CHECK ("invoice_counters"."kind" in ('tax_invoice', 'receipt'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"gst_rate_percent" smallint NOT NULL,
	"description" text NOT NULL,
	"customer_legal_name" text NOT NULL,
	"customer_address" text,
	"customer_gstin" text,
	"customer_state_code" text NOT NULL,
	"place_of_supply" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_series_unique" UNIQUE("financial_year","kind","sequence"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('tax_invoice', 'receipt')),
	CONSTRAINT "invoices_number_length_check" CHECK (length("invoices"."number") <= 16),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_paise" = "invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise")
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_org_idx" ON "invoices" USING btree ("organisation_id","issued_at");
