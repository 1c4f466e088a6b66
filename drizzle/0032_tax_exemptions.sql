-- Issue 35 (docs/decisions/052): exempt buyers. A customer sends a resale or exemption certificate
-- (its bytes kept here, typed by what they are, not by what the client said) or a VAT number for
-- reverse charge (its format checked per country prefix; staff verify it). Staff approve or
-- reject it; an approved one is in force until a newer one is approved (it is then `replaced`).
CREATE TABLE "tax_exemption" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "vat_number" text,
  "country" text,
  "document" bytea,
  "document_type" text,
  "document_name" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "reason" text,
  "reviewed_by" text REFERENCES "user"("id") ON DELETE set null,
  "reviewed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tax_exemption_kind_known" CHECK ("kind" in ('certificate', 'vat_number')),
  CONSTRAINT "tax_exemption_status_known"
    CHECK ("status" in ('pending', 'approved', 'rejected', 'replaced')),
  CONSTRAINT "tax_exemption_kind_fields" CHECK (
    ("kind" = 'certificate' AND "document" IS NOT NULL AND "document_type" IS NOT NULL
      AND "vat_number" IS NULL)
    OR ("kind" = 'vat_number' AND "vat_number" IS NOT NULL AND "country" IS NOT NULL
      AND "document" IS NULL)),
  CONSTRAINT "tax_exemption_reviewed" CHECK ("status" = 'pending' OR "reviewed_at" IS NOT NULL)
);--> statement-breakpoint
-- At most one request waiting per account, at most one exemption in force (the pricing step reads
-- it by this index: one row, one lookup).
CREATE UNIQUE INDEX "tax_exemption_one_pending" ON "tax_exemption" ("user_id")
  WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_exemption_one_approved" ON "tax_exemption" ("user_id")
  WHERE "status" = 'approved';--> statement-breakpoint
CREATE INDEX "tax_exemption_user_idx" ON "tax_exemption" ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX "tax_exemption_status_idx" ON "tax_exemption" ("status", "created_at");
