CREATE TABLE `promotion_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`promotion_id` text NOT NULL,
	`code` text NOT NULL,
	`single_use` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "promotion_codes_upper_case" CHECK("code" = upper(trim("code")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_codes_code_unique` ON `promotion_codes` (`code`);--> statement-breakpoint
CREATE INDEX `promotion_codes_promotion_idx` ON `promotion_codes` (`promotion_id`,`single_use`);--> statement-breakpoint
CREATE TABLE `promotion_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`promotion_id` text NOT NULL,
	`code_id` text,
	`order_id` text NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`state` text DEFAULT 'held' NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`code_id`) REFERENCES `promotion_codes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "promotion_redemptions_email_normalised" CHECK("email" = lower(trim("email"))),
	CONSTRAINT "promotion_redemptions_amount_cents_non_negative" CHECK("amount_cents" >= 0),
	CONSTRAINT "promotion_redemptions_state_valid" CHECK("state" IN ('held', 'used', 'released'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_redemptions_order_unique` ON `promotion_redemptions` (`order_id`);--> statement-breakpoint
CREATE INDEX `promotion_redemptions_promotion_idx` ON `promotion_redemptions` (`promotion_id`,`state`);--> statement-breakpoint
CREATE INDEX `promotion_redemptions_code_idx` ON `promotion_redemptions` (`code_id`,`state`);--> statement-breakpoint
CREATE INDEX `promotion_redemptions_user_idx` ON `promotion_redemptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `promotion_redemptions_email_idx` ON `promotion_redemptions` (`email`);--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`automatic` integer DEFAULT false NOT NULL,
	`kind` text NOT NULL,
	`percent_off` integer,
	`amount_off_cents` integer,
	`scope` text NOT NULL,
	`category_ids` text NOT NULL,
	`product_ids` text NOT NULL,
	`min_spend_cents` integer,
	`starts_at` integer,
	`ends_at` integer,
	`usage_limit` integer,
	`per_customer_limit` integer,
	`stacks_with_creator` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "promotions_kind_valid" CHECK("kind" IN ('percent', 'fixed', 'free_delivery')),
	CONSTRAINT "promotions_scope_valid" CHECK("scope" IN ('order', 'categories', 'products')),
	CONSTRAINT "promotions_status_valid" CHECK("status" IN ('active', 'paused', 'ended')),
	CONSTRAINT "promotions_percent_range" CHECK("percent_off" IS NULL OR "percent_off" BETWEEN 1 AND 100),
	CONSTRAINT "promotions_amount_positive" CHECK("amount_off_cents" IS NULL OR "amount_off_cents" > 0),
	CONSTRAINT "promotions_window_ordered" CHECK("ends_at" IS NULL OR "starts_at" IS NULL OR "ends_at" > "starts_at"),
	CONSTRAINT "promotions_limits_positive" CHECK(coalesce("usage_limit", 1) > 0 AND coalesce("per_customer_limit", 1) > 0)
);
--> statement-breakpoint
CREATE INDEX `promotions_automatic_idx` ON `promotions` (`automatic`,`status`);--> statement-breakpoint
CREATE INDEX `promotions_created_idx` ON `promotions` (`created_at`);--> statement-breakpoint
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
	CONSTRAINT "audit_log_entity_valid" CHECK("entity" IN ('product', 'category', 'image', 'stock', 'order', 'creator', 'account', 'message', 'payout', 'promotion'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at") SELECT "id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `shop_discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_kind` text;--> statement-breakpoint
CREATE INDEX `orders_promotion_idx` ON `orders` (`promotion_id`);--> statement-breakpoint
CREATE TABLE `__new_batch_guards` (
	`guard` text PRIMARY KEY NOT NULL,
	CONSTRAINT "batch_guard_network_checkouts" CHECK("guard" <> 'network_checkouts'),
	CONSTRAINT "batch_guard_network_units" CHECK("guard" <> 'network_units'),
	CONSTRAINT "batch_guard_promotion_usage" CHECK("guard" <> 'promotion_usage'),
	CONSTRAINT "batch_guard_promotion_customer" CHECK("guard" <> 'promotion_customer'),
	CONSTRAINT "batch_guard_promotion_code_used" CHECK("guard" <> 'promotion_code_used')
);
--> statement-breakpoint
INSERT INTO `__new_batch_guards`("guard") SELECT "guard" FROM `batch_guards`;--> statement-breakpoint
DROP TABLE `batch_guards`;--> statement-breakpoint
ALTER TABLE `__new_batch_guards` RENAME TO `batch_guards`;