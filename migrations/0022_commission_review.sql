-- Hand-written in place of drizzle-kit's rebuild of commissions (payout_items refers to it):
-- columns added where they are.
ALTER TABLE `commissions` ADD `review` text CONSTRAINT "commissions_review_valid" CHECK("review" IS NULL OR "review" IN ('held', 'released', 'rejected'));--> statement-breakpoint
ALTER TABLE `commissions` ADD `review_reason` text;--> statement-breakpoint
CREATE INDEX `commissions_review_idx` ON `commissions` (`review`);--> statement-breakpoint
ALTER TABLE `orders` ADD `card_fingerprint` text;--> statement-breakpoint
CREATE INDEX `orders_card_fingerprint_idx` ON `orders` (`card_fingerprint`);
