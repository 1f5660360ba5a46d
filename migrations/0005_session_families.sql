CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `session_families` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`current_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`rotated_at` integer NOT NULL,
	`revoked_at` integer,
	`revoke_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "session_families_revoke_reason_valid" CHECK("revoke_reason" IN ('logout', 'reuse', 'password_reset')),
	CONSTRAINT "session_families_revoked_with_reason" CHECK(("revoked_at" IS NULL) = ("revoke_reason" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_families_current_unique` ON `session_families` (`current_hash`);--> statement-breakpoint
CREATE INDEX `session_families_user_idx` ON `session_families` (`user_id`);--> statement-breakpoint
CREATE TABLE `session_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`family_id` text NOT NULL,
	FOREIGN KEY (`family_id`) REFERENCES `session_families`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_tokens_family_idx` ON `session_tokens` (`family_id`);