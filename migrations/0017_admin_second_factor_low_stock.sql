-- The back-office's second factor (services/totp.ts, http/admin.ts), its audit entries ("account"),
-- and the owner's low-stock list (services/stock.ts). audit_log is rebuilt as drizzle-kit generated
-- it (its CHECK lists the entities); the products column is hand-written in place of a rebuild,
-- which, by dropping `products`, would have dropped its catalogue_version triggers (0001). SQLite
-- adds a column with its CHECK in place.
ALTER TABLE `products` ADD COLUMN `low_stock_threshold` integer DEFAULT 5 NOT NULL CONSTRAINT "products_low_stock_threshold_non_negative" CHECK("low_stock_threshold" >= 0);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_log_entity_valid" CHECK("entity" IN ('product', 'category', 'image', 'stock', 'order', 'creator', 'account'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at") SELECT "id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `session_families` ADD `second_factor_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_enabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;