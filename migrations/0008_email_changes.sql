CREATE TABLE `email_changes` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`new_email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_changes_new_email_normalised" CHECK("new_email" = lower(trim("new_email"))),
	CONSTRAINT "email_changes_kind_valid" CHECK("kind" IN ('login', 'payout'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_user_kind_unique` ON `email_changes` (`user_id`,`kind`);