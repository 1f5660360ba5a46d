-- Alt text for product pictures, by R2 key (routes/admin-images.ts). Adding a column keeps the
-- products triggers (0001) in place.
ALTER TABLE `products` ADD `image_alts` text DEFAULT '{}' NOT NULL;