CREATE TABLE `affiliate_click_days` (
	`creator_id` text NOT NULL,
	`day` text NOT NULL,
	`clicks` integer NOT NULL,
	PRIMARY KEY(`creator_id`, `day`),
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "affiliate_click_days_clicks_non_negative" CHECK("clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `kind` text DEFAULT 'transactional' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `redacted_at` integer;--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);