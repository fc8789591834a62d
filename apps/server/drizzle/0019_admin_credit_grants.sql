-- Credits an admin gives a user (or takes back) from User Management: the audit of each grant, its
-- ledger line written with it; the admin's idempotency key makes a retried request one grant.
CREATE TABLE "admin_credit_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"user_id" integer,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_credit_grants_amount_nonzero" CHECK ("admin_credit_grants"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "admin_credit_grants" ADD CONSTRAINT "admin_credit_grants_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_credit_grants" ADD CONSTRAINT "admin_credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_credit_grants_key_unique" ON "admin_credit_grants" USING btree ("admin_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "admin_credit_grants_user_idx" ON "admin_credit_grants" USING btree ("user_id","created_at");