CREATE TABLE `affiliate_clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`hour_bucket` integer NOT NULL,
	`landing_path` text DEFAULT '/' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `affiliate_clicks_dedupe_unique` ON `affiliate_clicks` (`creator_id`,`visitor_hash`,`hour_bucket`);--> statement-breakpoint
CREATE INDEX `affiliate_clicks_creator_created_idx` ON `affiliate_clicks` (`creator_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `app_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`cover_key` text NOT NULL,
	`short_description` text NOT NULL,
	`content` text NOT NULL,
	`publish_date` text NOT NULL,
	`estimated_time_to_read` integer NOT NULL,
	`keywords` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_publish_idx` ON `blog_posts` (`publish_date`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_items_quantity_range" CHECK("quantity" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image_key` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE INDEX `categories_sort_idx` ON `categories` (`sort_order`);--> statement-breakpoint
CREATE TABLE `commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`rate_bps` integer NOT NULL,
	`base_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reversed_cents` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approved_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "commissions_base_cents_non_negative" CHECK("base_cents" >= 0),
	CONSTRAINT "commissions_amount_cents_non_negative" CHECK("amount_cents" >= 0),
	CONSTRAINT "commissions_reversed_cents_non_negative" CHECK("reversed_cents" >= 0),
	CONSTRAINT "commissions_reversal_bounded" CHECK("reversed_cents" <= "amount_cents"),
	CONSTRAINT "commissions_status_valid" CHECK("status" IN ('pending', 'approved', 'paid', 'reversed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commissions_order_unique` ON `commissions` (`order_id`);--> statement-breakpoint
CREATE INDEX `commissions_creator_status_idx` ON `commissions` (`creator_id`,`status`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "contact_messages_email_normalised" CHECK("email" = lower(trim("email")))
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `creator_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`affiliate_code` text NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`socials` text DEFAULT '' NOT NULL,
	`payout_email` text DEFAULT '' NOT NULL,
	`commission_rate_bps` integer DEFAULT 1000 NOT NULL,
	`discount_cents` integer DEFAULT 1000 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "creator_profiles_code_format" CHECK("affiliate_code" GLOB '[A-Z0-9]*' AND length("affiliate_code") BETWEEN 6 AND 12),
	CONSTRAINT "creator_profiles_rate_range" CHECK("commission_rate_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "creator_profiles_discount_cents_non_negative" CHECK("discount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creator_profiles_code_unique` ON `creator_profiles` (`affiliate_code`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `faq_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faq_entries_sort_idx` ON `faq_entries` (`sort_order`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`unsubscribe_token_hash` text NOT NULL,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_normalised" CHECK("email" = lower(trim("email")))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_token_unique` ON `newsletter_subscribers` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE TABLE `order_items` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`product_id` text NOT NULL,
	`name` text NOT NULL,
	`image_key` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_items_unit_price_cents_non_negative" CHECK("unit_price_cents" >= 0),
	CONSTRAINT "order_items_quantity_range" CHECK("quantity" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE INDEX `order_items_order_idx` ON `order_items` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`email` text NOT NULL,
	`address` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`tax_cents` integer NOT NULL,
	`delivery_fee_cents` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`currency` text DEFAULT 'aud' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_session_id` text,
	`stripe_payment_intent_id` text,
	`affiliate_code` text,
	`attribution` text,
	`creator_id` text,
	`tracking_url` text,
	`paid_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_email_normalised" CHECK("email" = lower(trim("email"))),
	CONSTRAINT "orders_status_valid" CHECK("status" IN ('pending', 'Order Placed', 'Packing', 'Shipped', 'Out for Delivery', 'Delivered', 'payment_failed', 'expired', 'cancelled')),
	CONSTRAINT "orders_subtotal_cents_non_negative" CHECK("subtotal_cents" >= 0),
	CONSTRAINT "orders_tax_cents_non_negative" CHECK("tax_cents" >= 0),
	CONSTRAINT "orders_delivery_fee_cents_non_negative" CHECK("delivery_fee_cents" >= 0),
	CONSTRAINT "orders_discount_cents_non_negative" CHECK("discount_cents" >= 0),
	CONSTRAINT "orders_total_cents_non_negative" CHECK("total_cents" >= 0),
	CONSTRAINT "orders_total_consistent" CHECK("total_cents" = max(0, "subtotal_cents" + "tax_cents" + "delivery_fee_cents" - "discount_cents"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_session_unique` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`);--> statement-breakpoint
CREATE INDEX `orders_creator_idx` ON `orders` (`creator_id`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`image_keys` text NOT NULL,
	`original_price_cents` integer NOT NULL,
	`final_price_cents` integer NOT NULL,
	`category_id` text NOT NULL,
	`tags` text NOT NULL,
	`bestseller` integer DEFAULT false NOT NULL,
	`is_new` integer DEFAULT false NOT NULL,
	`premium` integer DEFAULT false NOT NULL,
	`variant` text,
	`listed_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "products_original_price_cents_non_negative" CHECK("original_price_cents" >= 0),
	CONSTRAINT "products_final_price_cents_non_negative" CHECK("final_price_cents" >= 0),
	CONSTRAINT "products_final_not_above_original" CHECK("final_price_cents" <= "original_price_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`);--> statement-breakpoint
CREATE INDEX `products_listed_idx` ON `products` (`listed_at`);--> statement-breakpoint
CREATE INDEX `products_bestseller_idx` ON `products` (`bestseller`,`listed_at`);--> statement-breakpoint
CREATE INDEX `products_final_price_idx` ON `products` (`final_price_cents`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_email_normalised" CHECK("email" = lower(trim("email"))),
	CONSTRAINT "users_role_valid" CHECK("role" IN ('user', 'creator', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);