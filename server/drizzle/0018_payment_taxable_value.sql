-- GST is collected on top of plan amounts and top-ups (docs/decisions/0020-gst-invoices-and-statements.md): a payment keeps its pre-tax value beside the amount paid; a top-up credits it to the wallet, and the payment's tax invoice or receipt takes it as the taxable value. Earlier payments were GST-inclusive: those with a document take its taxable value, the others the value carved out of them at 18 %.
ALTER TABLE "payments" ADD COLUMN "taxable_paise" bigint;
--> statement-breakpoint
UPDATE "payments" SET "taxable_paise" = coalesce((SELECT "invoices"."taxable_paise" FROM "invoices" WHERE "invoices"."payment_id" = "payments"."id"), round("payments"."amount_paise" * 100 / 118.0));
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "taxable_paise" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_taxable_check" CHECK (abs("payments"."taxable_paise") <= abs("payments"."amount_paise"));
