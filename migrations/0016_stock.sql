-- Stock that never oversells (services/stock.ts). The ledger and the orders' hold state are as
-- drizzle-kit generated them; the products columns are hand-written in place of its table rebuild,
-- which, by dropping `products`, would have dropped its catalogue_version triggers (0001). SQLite
-- adds a column with its CHECKs in place. Existing products keep stock untracked (on hand NULL).
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` text NOT NULL,
	`kind` text NOT NULL,
	`on_hand_delta` integer NOT NULL,
	`reserved_delta` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`order_id` text,
	`actor_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stock_movements_kind_valid" CHECK("kind" IN ('reserve', 'release', 'sale', 'restock', 'correction'))
);
--> statement-breakpoint
CREATE INDEX `stock_movements_product_idx` ON `stock_movements` (`product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stock_movements_order_idx` ON `stock_movements` (`order_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_hold` text;--> statement-breakpoint
CREATE INDEX `orders_stock_hold_idx` ON `orders` (`stock_hold`,`status`);--> statement-breakpoint
ALTER TABLE `products` ADD COLUMN `stock_on_hand` integer CONSTRAINT "products_stock_on_hand_non_negative" CHECK("stock_on_hand" >= 0);--> statement-breakpoint
ALTER TABLE `products` ADD COLUMN `stock_reserved` integer DEFAULT 0 NOT NULL CONSTRAINT "products_stock_reserved_non_negative" CHECK("stock_reserved" >= 0) CONSTRAINT "products_stock_reserved_within_on_hand" CHECK("stock_on_hand" IS NULL OR "stock_reserved" <= "stock_on_hand");
