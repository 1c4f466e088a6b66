ALTER TABLE "refund" ADD COLUMN "unsure_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refund_pending_idx" ON "refund" USING btree ("created_at") WHERE "refund"."status" = 'pending';
