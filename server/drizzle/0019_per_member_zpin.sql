-- Each member of a team has their own ZPIN: an organisation's existing ZPIN becomes the ZPIN of the member who set it last.
ALTER TABLE "zpins" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "zpins" SET "user_id" = "updated_by";--> statement-breakpoint
ALTER TABLE "zpins" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "zpins" DROP CONSTRAINT "zpins_pkey";--> statement-breakpoint
ALTER TABLE "zpins" ADD CONSTRAINT "zpins_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id");--> statement-breakpoint
ALTER TABLE "zpins" ADD CONSTRAINT "zpins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
