ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_sent_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_unique` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
-- Subscribers from before double opt-in typed their address into the sign-up form and were sent a
-- welcome with an unsubscribe link: their sign-up is the consent on record (confirmed_at = when).
UPDATE `newsletter_subscribers` SET `confirmed_at` = `created_at` WHERE `unsubscribed_at` IS NULL;
