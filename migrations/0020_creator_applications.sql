-- Creator applications (issue 18): a creator's status, the owner's note and when it last changed.
-- Hand-written ALTERs in place of drizzle-kit's rebuild, which would copy columns that do not exist
-- yet. Creators from before applications were reviewed stay approved (the default); sign-up now
-- writes `pending`. SQLite adds a column with its CHECK in place.
ALTER TABLE `creator_profiles` ADD COLUMN `status` text DEFAULT 'approved' NOT NULL CONSTRAINT "creator_profiles_status_valid" CHECK("status" IN ('pending', 'approved', 'rejected', 'suspended'));--> statement-breakpoint
ALTER TABLE `creator_profiles` ADD COLUMN `status_note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `creator_profiles` ADD COLUMN `status_changed_at` integer;--> statement-breakpoint
CREATE INDEX `creator_profiles_status_idx` ON `creator_profiles` (`status`,`created_at`);
