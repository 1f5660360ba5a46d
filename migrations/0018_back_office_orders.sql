-- The back-office, part 2: refunds through Stripe (order_refunds; services/refunds.ts), shipping
-- details on orders, restocked units per order line, the inbox (contact message status, replies),
-- the order a mail is about (its timeline), and "message" audit entries. audit_log is rebuilt as
-- drizzle-kit generated it (its CHECK lists the entities). The new columns of contact_messages and
-- order_items are hand-written ALTERs in place of drizzle-kit's rebuilds: a rebuild copies columns
-- that do not exist yet, and dropping order_items would be a needless risk to every order's lines.
-- SQLite adds a column with its CHECK in place.
CREATE TABLE `contact_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`body` text NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_replies_message_idx` ON `contact_replies` (`message_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`request_key` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`restock_lines` text NOT NULL,
	`notify` integer DEFAULT true NOT NULL,
	`cancel` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_refund_id` text,
	`error` text,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_refunds_amount_positive" CHECK("amount_cents" > 0),
	CONSTRAINT "order_refunds_status_valid" CHECK("status" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_request_unique` ON `order_refunds` (`order_id`,`request_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_one_pending` ON `order_refunds` (`order_id`) WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX `order_refunds_created_idx` ON `order_refunds` (`created_at`);--> statement-breakpoint
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
	CONSTRAINT "audit_log_entity_valid" CHECK("entity" IN ('product', 'category', 'image', 'stock', 'order', 'creator', 'account', 'message'))
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at") SELECT "id", "actor_id", "actor_email", "entity", "entity_id", "action", "before", "after", "created_at" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD COLUMN `status` text DEFAULT 'new' NOT NULL CONSTRAINT "contact_messages_status_valid" CHECK("status" IN ('new', 'replied', 'closed'));--> statement-breakpoint
CREATE INDEX `contact_messages_status_idx` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `order_id` text;--> statement-breakpoint
CREATE INDEX `email_outbox_order_idx` ON `email_outbox` (`order_id`);--> statement-breakpoint
ALTER TABLE `order_items` ADD COLUMN `restocked_quantity` integer DEFAULT 0 NOT NULL CONSTRAINT "order_items_restocked_range" CHECK("restocked_quantity" BETWEEN 0 AND "quantity");--> statement-breakpoint
ALTER TABLE `orders` ADD `carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipped_at` integer;--> statement-breakpoint
CREATE INDEX `orders_paid_idx` ON `orders` (`paid_at`);