-- Products gain a status: only `active` ones are on the storefront. Existing rows become `active`,
-- so the seeded shop is unchanged. Hand-written in place of drizzle-kit's table rebuild, which
-- copied a `status` column that did not exist yet and, by dropping `products`, would have dropped
-- its catalogue_version triggers (0001); SQLite adds a column with its CHECK in place.
ALTER TABLE `products` ADD COLUMN `status` text DEFAULT 'active' NOT NULL CONSTRAINT "products_status_valid" CHECK("status" IN ('draft', 'active', 'archived'));
