-- Issue 37: trade accounts (docs/decisions/059). A company is better-auth's organization (its
-- plugin owns organization, member and invitation); what the shop adds is in tables of its own,
-- which no better-auth endpoint can write: credit, terms and the price list (company_account), a
-- member's spending limits (columns of member the plugin does not know), delivery addresses,
-- invoices and their payments, price lists and saved lists.
CREATE TABLE "organization" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "organization_slug_idx" ON "organization" ("slug");--> statement-breakpoint
-- A member: role admin (the company's admin), approver or buyer; limits in cents, null: none.
CREATE TABLE "member" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"role" text NOT NULL DEFAULT 'buyer',
	"order_limit_cents" integer,
	"month_limit_cents" bigint,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "member_order_limit_not_negative" CHECK ("order_limit_cents" IS NULL OR "order_limit_cents" >= 0),
	CONSTRAINT "member_month_limit_not_negative" CHECK ("month_limit_cents" IS NULL OR "month_limit_cents" >= 0)
);--> statement-breakpoint
-- One company per account: its checkouts are that company's.
CREATE UNIQUE INDEX "member_user_idx" ON "member" ("user_id");--> statement-breakpoint
CREATE INDEX "member_organization_idx" ON "member" ("organization_id", "created_at");--> statement-breakpoint
CREATE TABLE "invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"role" text,
	"status" text NOT NULL DEFAULT 'pending',
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"inviter_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "invitation_organization_idx" ON "invitation" ("organization_id", "created_at");--> statement-breakpoint
CREATE INDEX "invitation_email_idx" ON "invitation" (lower("email"));--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_organization_id" text;--> statement-breakpoint
-- Contract prices: a fixed price per variant, or a percent off (basis points) per category.
CREATE TABLE "price_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_name_idx" ON "price_list" (lower("name"));--> statement-breakpoint
CREATE TABLE "price_list_price" (
	"price_list_id" uuid NOT NULL REFERENCES "price_list"("id") ON DELETE CASCADE,
	"variant_id" uuid NOT NULL REFERENCES "variant"("id") ON DELETE CASCADE,
	"price_cents" integer NOT NULL,
	PRIMARY KEY ("price_list_id", "variant_id"),
	CONSTRAINT "price_list_price_positive" CHECK ("price_cents" > 0)
);--> statement-breakpoint
CREATE TABLE "price_list_discount" (
	"price_list_id" uuid NOT NULL REFERENCES "price_list"("id") ON DELETE CASCADE,
	"category_id" uuid NOT NULL REFERENCES "category"("id") ON DELETE CASCADE,
	"percent_bp" integer NOT NULL,
	PRIMARY KEY ("price_list_id", "category_id"),
	CONSTRAINT "price_list_discount_range" CHECK ("percent_bp" > 0 AND "percent_bp" < 10000)
);--> statement-breakpoint
-- What the shop keeps of a company. balance_cents: what its on-account checkouts owe and reserve
-- (placed, awaiting approval or invoiced, less payments received); the order statement locks this
-- row before the variants and never lets it pass credit_limit_cents.
CREATE TABLE "company_account" (
	"organization_id" text PRIMARY KEY NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"tax_number" text DEFAULT '' NOT NULL,
	"billing_address" jsonb,
	"credit_status" text DEFAULT 'none' NOT NULL,
	"credit_limit_cents" bigint DEFAULT 0 NOT NULL,
	"terms_days" integer DEFAULT 30 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"price_list_id" uuid REFERENCES "price_list"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_status_known" CHECK ("credit_status" in ('none', 'approved', 'suspended')),
	CONSTRAINT "company_credit_limit_not_negative" CHECK ("credit_limit_cents" >= 0),
	CONSTRAINT "company_terms_range" CHECK ("terms_days" >= 0 AND "terms_days" <= 365),
	CONSTRAINT "company_balance_not_negative" CHECK ("balance_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "company_account_price_list_idx" ON "company_account" ("price_list_id");--> statement-breakpoint
CREATE TABLE "company_address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"label" text DEFAULT '' NOT NULL,
	"postal" jsonb NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "company_address_organization_idx" ON "company_address" ("organization_id", "created_at");--> statement-breakpoint
-- An invoice per on-account checkout, issued when it is placed (or approved). Numbers come from a
-- sequence: unique and increasing, a gap only where the placing transaction failed after it.
CREATE SEQUENCE "invoice_number_seq";--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('invoice_number_seq') NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id"),
	"checkout_id" uuid NOT NULL REFERENCES "checkout"("id"),
	"amount_cents" integer NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"po_reference" text,
	"status" text DEFAULT 'open' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "invoice_status_known" CHECK ("status" in ('open', 'paid')),
	CONSTRAINT "invoice_paid_range" CHECK ("paid_cents" >= 0 AND "paid_cents" <= "amount_cents"),
	CONSTRAINT "invoice_paid_status" CHECK (("status" = 'paid') = ("paid_cents" = "amount_cents"))
);--> statement-breakpoint
ALTER SEQUENCE "invoice_number_seq" OWNED BY "invoice"."number";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_number_idx" ON "invoice" ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_checkout_idx" ON "invoice" ("checkout_id");--> statement-breakpoint
CREATE INDEX "invoice_organization_idx" ON "invoice" ("organization_id", "issued_at");--> statement-breakpoint
CREATE INDEX "invoice_open_due_idx" ON "invoice" ("due_at") WHERE "status" = 'open';--> statement-breakpoint
CREATE TABLE "invoice_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "invoice"("id"),
	"amount_cents" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payment_positive" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "invoice_payment_invoice_idx" ON "invoice_payment" ("invoice_id", "created_at");--> statement-breakpoint
CREATE TABLE "saved_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"created_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_list_name_idx" ON "saved_list" ("organization_id", lower("name"));--> statement-breakpoint
CREATE TABLE "saved_list_item" (
	"list_id" uuid NOT NULL REFERENCES "saved_list"("id") ON DELETE CASCADE,
	"variant_id" uuid NOT NULL REFERENCES "variant"("id") ON DELETE CASCADE,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	PRIMARY KEY ("list_id", "variant_id"),
	CONSTRAINT "saved_list_item_quantity_positive" CHECK ("quantity" > 0)
);--> statement-breakpoint
CREATE INDEX "saved_list_item_variant_idx" ON "saved_list_item" ("variant_id");--> statement-breakpoint
-- A checkout of a company's member is the company's: how it is paid, and its approval.
ALTER TABLE "checkout" ADD COLUMN "organization_id" text REFERENCES "organization"("id");--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "approval" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "approved_by" text REFERENCES "user"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_payment_method_known" CHECK ("payment_method" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_approval_known" CHECK ("approval" in ('none', 'awaiting', 'approved', 'rejected'));--> statement-breakpoint
CREATE INDEX "checkout_organization_idx" ON "checkout" ("organization_id", "created_at") WHERE "organization_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "checkout_awaiting_idx" ON "checkout" ("organization_id", "created_at") WHERE "approval" = 'awaiting';--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "organization_id" text REFERENCES "organization"("id");--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" ADD COLUMN "invoice_id" uuid REFERENCES "invoice"("id");--> statement-breakpoint
CREATE INDEX "purchase_organization_idx" ON "purchase" ("organization_id", "created_at") WHERE "organization_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "purchase_invoice_idx" ON "purchase" ("invoice_id") WHERE "invoice_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase" DROP CONSTRAINT "purchase_status_known";--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_status_known" CHECK ("purchase"."status" in ('awaiting_approval', 'pending', 'shipped', 'cancelled', 'expired', 'rejected'));--> statement-breakpoint
-- An invoiced order ships before it is paid: its invoice is its payment.
ALTER TABLE "purchase" DROP CONSTRAINT "purchase_shipped_is_paid";--> statement-breakpoint
ALTER TABLE "purchase" ADD CONSTRAINT "purchase_shipped_is_paid" CHECK ("purchase"."status" <> 'shipped' or "purchase"."paid" or "purchase"."invoice_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "order_event" DROP CONSTRAINT "order_event_known";--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_known" CHECK ("order_event"."event" in ('placed', 'paid', 'shipped', 'cancelled', 'expired', 'refunded', 'return_requested', 'return_approved', 'return_rejected', 'return_received', 'warranty_registered', 'approval_requested', 'approved', 'rejected', 'invoiced'));--> statement-breakpoint
-- What a member has spent this calendar month (UTC) as their company: their orders placed, awaiting
-- approval or shipped. VOLATILE: it reads with a snapshot of its own, taken after the order
-- statement locked the account's row, so it sees the account's last checkout (ADR 059).
CREATE FUNCTION member_month_spent(p_user text, p_organization text)
RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(sum(amount_cents), 0)::bigint FROM purchase
  WHERE user_id = p_user AND organization_id = p_organization
    AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
    AND status IN ('awaiting_approval', 'pending', 'shipped')
$$;--> statement-breakpoint
-- Moves a company's balance by p_delta: the one writer of balance_cents. One UPDATE with a snapshot
-- of its own (as change_stock, drizzle/0014): the order statement has locked the row already, and
-- an UPDATE through the statement's older snapshot would queue behind its own waiters.
CREATE FUNCTION change_company_balance(p_organization text, p_delta bigint)
RETURNS bigint LANGUAGE sql VOLATILE AS $$
  UPDATE company_account SET balance_cents = balance_cents + p_delta, updated_at = now()
  WHERE organization_id = p_organization
  RETURNING balance_cents
$$;
