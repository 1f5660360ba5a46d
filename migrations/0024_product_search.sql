-- The catalogue's search (issue 19, worker/services/catalogue-search.ts), hand-written: drizzle-kit
-- does not model virtual tables or triggers.
--
-- A trigram full-text index of product names answers SPEC's search (a case-insensitive substring
-- of the name) from the index for terms of 3 or more characters. It is an external-content table
-- over products' rowid, kept in step by the triggers below; a future rebuild of products (which
-- renumbers rowids) must run `INSERT INTO products_fts(products_fts) VALUES ('rebuild')`.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	`name`,
	content = 'products',
	content_rowid = 'rowid',
	tokenize = 'trigram case_sensitive 0'
);--> statement-breakpoint
INSERT INTO `products_fts` (`products_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts` (`rowid`, `name`) VALUES (new.`rowid`, new.`name`);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
	INSERT INTO `products_fts` (`products_fts`, `rowid`, `name`) VALUES ('delete', old.`rowid`, old.`name`);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_after_name_update` AFTER UPDATE OF `name` ON `products` BEGIN
	INSERT INTO `products_fts` (`products_fts`, `rowid`, `name`) VALUES ('delete', old.`rowid`, old.`name`);
	INSERT INTO `products_fts` (`rowid`, `name`) VALUES (new.`rowid`, new.`name`);
END;--> statement-breakpoint
-- The storefront's orders and filters, each led by status (only `active` products are shown):
-- newest first, by price, and within a category newest first or by price.
CREATE INDEX `products_status_listed_idx` ON `products` (`status`, `listed_at`, `id`);--> statement-breakpoint
CREATE INDEX `products_status_price_idx` ON `products` (`status`, `final_price_cents`, `listed_at`);--> statement-breakpoint
CREATE INDEX `products_status_category_listed_idx` ON `products` (`status`, `category_id`, `listed_at`, `id`);--> statement-breakpoint
CREATE INDEX `products_status_category_price_idx` ON `products` (`status`, `category_id`, `final_price_cents`, `listed_at`);
