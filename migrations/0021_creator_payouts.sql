CREATE TABLE `creator_payout_details` (
	`user_id` text PRIMARY KEY NOT NULL,
	`method` text NOT NULL,
	`bsb` text,
	`account_number_sealed` text,
	`account_number_masked` text,
	`account_name` text,
	`paypal_email` text,
	`abn` text,
	`gst_registered` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "creator_payout_details_method_valid" CHECK("method" IN ('bank', 'paypal')),
	CONSTRAINT "creator_payout_details_complete" CHECK(("method" = 'bank' AND "bsb" IS NOT NULL AND "account_number_sealed" IS NOT NULL AND "account_number_masked" IS NOT NULL AND "account_name" IS NOT NULL) OR ("method" = 'paypal' AND "paypal_email" IS NOT NULL)),
	CONSTRAINT "creator_payout_details_gst_needs_abn" CHECK("gst_registered" = 0 OR "abn" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE `payout_items` (
	`line_id` text NOT NULL,
	`commission_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`line_id`, `commission_id`),
	FOREIGN KEY (`line_id`) REFERENCES `payout_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`commission_id`) REFERENCES `commissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payout_items_commission_idx` ON `payout_items` (`commission_id`);--> statement-breakpoint
CREATE TABLE `payout_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`payout_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`creator_name` text NOT NULL,
	`creator_email` text NOT NULL,
	`method` text NOT NULL,
	`bsb` text,
	`account_number_sealed` text,
	`account_number_masked` text,
	`account_name` text,
	`paypal_email` text,
	`abn` text,
	`gst_registered` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payout_lines_amount_positive" CHECK("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_lines_creator_unique` ON `payout_lines` (`payout_id`,`creator_id`);--> statement-breakpoint
CREATE INDEX `payout_lines_creator_idx` ON `payout_lines` (`creator_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`minimum_cents` integer NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`line_count` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`paid_at` integer,
	`cancelled_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payouts_status_valid" CHECK("status" IN ('open', 'paid', 'cancelled')),
	CONSTRAINT "payouts_minimum_cents_non_negative" CHECK("minimum_cents" >= 0),
	CONSTRAINT "payouts_total_cents_non_negative" CHECK("total_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `payouts_created_idx` ON `payouts` (`created_at`);--> statement-breakpoint
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
	CONSTRAINT "audit_log_entity_valid" CHECK("entity" IN ('product', 'category', 'image', 'stock', 'order', 'creator', 'account', 'message', 'payout'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at") SELECT "id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
-- Hand-written: a column added in place, not drizzle-kit's rebuild of commissions (payout_items
-- refers to it, and a rebuild copies rows through a second table for nothing).
ALTER TABLE `commissions` ADD `settled_cents` integer DEFAULT 0 NOT NULL CONSTRAINT "commissions_settled_bounded" CHECK("settled_cents" BETWEEN 0 AND "amount_cents");
