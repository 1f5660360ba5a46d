CREATE TABLE `stripe_reversals` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text,
	`event_created` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "stripe_reversals_amount_cents_non_negative" CHECK("amount_cents" >= 0),
	CONSTRAINT "stripe_reversals_kind_valid" CHECK("kind" IN ('refund', 'dispute'))
);
--> statement-breakpoint
CREATE INDEX `stripe_reversals_payment_intent_idx` ON `stripe_reversals` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `disputed_cents` integer DEFAULT 0 NOT NULL;