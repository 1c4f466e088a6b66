-- Issue 35 (docs/decisions/050): the built-in tax table. Rates are data as of 2025, in parts per
-- million of the net amount (19% = 190000; 8.875% = 88750), and staff keep them current in Taxes
-- (the dashboard) or PUT /api/admin/tax-regions/{country}/{region}. Re-runnable: a row staff have
-- changed is never overwritten (ON CONFLICT DO NOTHING).
--
-- United States: one row per state + DC with the STATE's base rate (local rates are not added: the
-- built-in table is the state's; Stripe Tax knows the rest); `collect` is false: staff choose the
-- states where the shop collects. `tax_shipping` is an approximation of each state's general rule:
-- false where a separately stated delivery charge is plainly exempt (AL, AZ, CA, CO, ID, IA, LA,
-- ME, MD, MA, MO, NV, OK, UT, VA, WY), true elsewhere. The country row (rate 0) answers an address
-- without a state.
-- EU member states, the United Kingdom: standard and the main reduced VAT rate, collected, prices
-- shown with VAT included. Norway and Switzerland are in the table but not collected (staff turn
-- them on when the shop registers there).
-- Canada: GST/HST per province (provincial PST/QST is not in the built-in table), not collected.
-- Australia: GST 10%, not collected, prices shown with GST included.
INSERT INTO "tax_region"
  ("country", "region", "name", "standard_ppm", "reduced_ppm", "collect", "tax_shipping", "prices_include_tax")
VALUES
  ('US', '', 'United States', 0, 0, false, true, false),
  ('US', 'AL', 'Alabama', 40000, 0, false, false, false),
  ('US', 'AK', 'Alaska', 0, 0, false, true, false),
  ('US', 'AZ', 'Arizona', 56000, 0, false, false, false),
  ('US', 'AR', 'Arkansas', 65000, 0, false, true, false),
  ('US', 'CA', 'California', 72500, 0, false, false, false),
  ('US', 'CO', 'Colorado', 29000, 0, false, false, false),
  ('US', 'CT', 'Connecticut', 63500, 0, false, true, false),
  ('US', 'DE', 'Delaware', 0, 0, false, true, false),
  ('US', 'DC', 'District of Columbia', 60000, 0, false, true, false),
  ('US', 'FL', 'Florida', 60000, 0, false, true, false),
  ('US', 'GA', 'Georgia', 40000, 0, false, true, false),
  ('US', 'HI', 'Hawaii', 40000, 0, false, true, false),
  ('US', 'ID', 'Idaho', 60000, 0, false, false, false),
  ('US', 'IL', 'Illinois', 62500, 0, false, true, false),
  ('US', 'IN', 'Indiana', 70000, 0, false, true, false),
  ('US', 'IA', 'Iowa', 60000, 0, false, false, false),
  ('US', 'KS', 'Kansas', 65000, 0, false, true, false),
  ('US', 'KY', 'Kentucky', 60000, 0, false, true, false),
  ('US', 'LA', 'Louisiana', 50000, 0, false, false, false),
  ('US', 'ME', 'Maine', 55000, 0, false, false, false),
  ('US', 'MD', 'Maryland', 60000, 0, false, false, false),
  ('US', 'MA', 'Massachusetts', 62500, 0, false, false, false),
  ('US', 'MI', 'Michigan', 60000, 0, false, true, false),
  ('US', 'MN', 'Minnesota', 68750, 0, false, true, false),
  ('US', 'MS', 'Mississippi', 70000, 0, false, true, false),
  ('US', 'MO', 'Missouri', 42250, 0, false, false, false),
  ('US', 'MT', 'Montana', 0, 0, false, true, false),
  ('US', 'NE', 'Nebraska', 55000, 0, false, true, false),
  ('US', 'NV', 'Nevada', 68500, 0, false, false, false),
  ('US', 'NH', 'New Hampshire', 0, 0, false, true, false),
  ('US', 'NJ', 'New Jersey', 66250, 0, false, true, false),
  ('US', 'NM', 'New Mexico', 48750, 0, false, true, false),
  ('US', 'NY', 'New York', 40000, 0, false, true, false),
  ('US', 'NC', 'North Carolina', 47500, 0, false, true, false),
  ('US', 'ND', 'North Dakota', 50000, 0, false, true, false),
  ('US', 'OH', 'Ohio', 57500, 0, false, true, false),
  ('US', 'OK', 'Oklahoma', 45000, 0, false, false, false),
  ('US', 'OR', 'Oregon', 0, 0, false, true, false),
  ('US', 'PA', 'Pennsylvania', 60000, 0, false, true, false),
  ('US', 'RI', 'Rhode Island', 70000, 0, false, true, false),
  ('US', 'SC', 'South Carolina', 60000, 0, false, true, false),
  ('US', 'SD', 'South Dakota', 42000, 0, false, true, false),
  ('US', 'TN', 'Tennessee', 70000, 0, false, true, false),
  ('US', 'TX', 'Texas', 62500, 0, false, true, false),
  ('US', 'UT', 'Utah', 48500, 0, false, false, false),
  ('US', 'VT', 'Vermont', 60000, 0, false, true, false),
  ('US', 'VA', 'Virginia', 53000, 0, false, false, false),
  ('US', 'WA', 'Washington', 65000, 0, false, true, false),
  ('US', 'WV', 'West Virginia', 60000, 0, false, true, false),
  ('US', 'WI', 'Wisconsin', 50000, 0, false, true, false),
  ('US', 'WY', 'Wyoming', 40000, 0, false, false, false),
  ('AT', '', 'Austria', 200000, 100000, true, true, true),
  ('BE', '', 'Belgium', 210000, 60000, true, true, true),
  ('BG', '', 'Bulgaria', 200000, 90000, true, true, true),
  ('HR', '', 'Croatia', 250000, 130000, true, true, true),
  ('CY', '', 'Cyprus', 190000, 90000, true, true, true),
  ('CZ', '', 'Czechia', 210000, 120000, true, true, true),
  ('DK', '', 'Denmark', 250000, 0, true, true, true),
  ('EE', '', 'Estonia', 240000, 90000, true, true, true),
  ('FI', '', 'Finland', 255000, 140000, true, true, true),
  ('FR', '', 'France', 200000, 55000, true, true, true),
  ('DE', '', 'Germany', 190000, 70000, true, true, true),
  ('GR', '', 'Greece', 240000, 130000, true, true, true),
  ('HU', '', 'Hungary', 270000, 50000, true, true, true),
  ('IE', '', 'Ireland', 230000, 135000, true, true, true),
  ('IT', '', 'Italy', 220000, 100000, true, true, true),
  ('LV', '', 'Latvia', 210000, 120000, true, true, true),
  ('LT', '', 'Lithuania', 210000, 90000, true, true, true),
  ('LU', '', 'Luxembourg', 170000, 80000, true, true, true),
  ('MT', '', 'Malta', 180000, 70000, true, true, true),
  ('NL', '', 'Netherlands', 210000, 90000, true, true, true),
  ('PL', '', 'Poland', 230000, 80000, true, true, true),
  ('PT', '', 'Portugal', 230000, 60000, true, true, true),
  ('RO', '', 'Romania', 210000, 110000, true, true, true),
  ('SK', '', 'Slovakia', 230000, 190000, true, true, true),
  ('SI', '', 'Slovenia', 220000, 95000, true, true, true),
  ('ES', '', 'Spain', 210000, 100000, true, true, true),
  ('SE', '', 'Sweden', 250000, 120000, true, true, true),
  ('GB', '', 'United Kingdom', 200000, 50000, true, true, true),
  ('NO', '', 'Norway', 250000, 150000, false, true, true),
  ('CH', '', 'Switzerland', 81000, 26000, false, true, true),
  ('CA', '', 'Canada', 50000, 0, false, true, false),
  ('CA', 'AB', 'Alberta', 50000, 0, false, true, false),
  ('CA', 'BC', 'British Columbia', 50000, 0, false, true, false),
  ('CA', 'MB', 'Manitoba', 50000, 0, false, true, false),
  ('CA', 'NB', 'New Brunswick', 150000, 0, false, true, false),
  ('CA', 'NL', 'Newfoundland and Labrador', 150000, 0, false, true, false),
  ('CA', 'NS', 'Nova Scotia', 140000, 0, false, true, false),
  ('CA', 'NT', 'Northwest Territories', 50000, 0, false, true, false),
  ('CA', 'NU', 'Nunavut', 50000, 0, false, true, false),
  ('CA', 'ON', 'Ontario', 130000, 0, false, true, false),
  ('CA', 'PE', 'Prince Edward Island', 150000, 0, false, true, false),
  ('CA', 'QC', 'Quebec', 50000, 0, false, true, false),
  ('CA', 'SK', 'Saskatchewan', 50000, 0, false, true, false),
  ('CA', 'YT', 'Yukon', 50000, 0, false, true, false),
  ('AU', '', 'Australia', 100000, 0, false, true, true)
ON CONFLICT ("country", "region") DO NOTHING;
--> statement-breakpoint
-- A variant as it can be sold (drizzle/0028) shows its tax class too (the product's detail, the
-- pricing step). Same columns, the new one last.
CREATE OR REPLACE VIEW "variant_offer" AS
SELECT v."id", v."product_id", v."sku", v."option_values", v."label", v."position",
	v."price_cents", v."min_quantity", v."price_breaks", v."weight_grams", v."length_mm",
	v."width_mm", v."height_mm", v."images", v."version",
	CASE WHEN kit."parts" > 0 THEN kit."available" ELSE v."available_quantity" END AS "available_quantity",
	v."withdrawn" OR coalesce(kit."part_withdrawn", false) AS "withdrawn",
	kit."parts" > 0 AS "is_kit",
	v."tax_class"
FROM "variant" v
CROSS JOIN LATERAL (
	SELECT count(*) AS "parts",
		coalesce(min(coalesce(p."available_quantity" / vp."quantity", 0)), 0)::integer AS "available",
		bool_or(p."id" IS NULL OR p."withdrawn") AS "part_withdrawn"
	FROM "variant_part" vp LEFT JOIN "variant" p ON p."id" = vp."part_id"
	WHERE vp."kit_id" = v."id"
) kit;
