-- Issue 35 (docs/decisions/051): parcels. Staff ship paid orders of one checkout in a parcel with a
-- carrier and a tracking number (both or neither: the spec's Ship without them records a parcel
-- without tracking); a checkout may go out in several parcels. An order is in at most one parcel
-- (shipment_order's key). Orders shipped before this migration have none.
CREATE TABLE "shipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL REFERENCES "checkout"("id"),
	"carrier" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text REFERENCES "user"("id") ON DELETE set null,
	CONSTRAINT "shipment_tracking_pair" CHECK (("carrier" IS NULL) = ("tracking_number" IS NULL)),
	CONSTRAINT "shipment_carrier_known" CHECK ("carrier" IS NULL OR "carrier" in ('ups', 'fedex', 'usps', 'dhl-express', 'dpd', 'royal-mail', 'canada-post', 'australia-post', 'la-poste', 'deutsche-post', 'other')),
	CONSTRAINT "shipment_tracking_number_format" CHECK ("tracking_number" ~ '^[A-Za-z0-9-]{1,40}$')
);--> statement-breakpoint
CREATE INDEX "shipment_checkout_idx" ON "shipment" ("checkout_id");--> statement-breakpoint
CREATE TABLE "shipment_order" (
	"purchase_id" uuid PRIMARY KEY NOT NULL REFERENCES "purchase"("id"),
	"shipment_id" uuid NOT NULL REFERENCES "shipment"("id")
);--> statement-breakpoint
CREATE INDEX "shipment_order_shipment_idx" ON "shipment_order" ("shipment_id");
