-- Any change to what the catalogue endpoints serve bumps app_meta.catalogue_version, which is how
-- the Worker's caches know to rebuild (worker/services/catalogue-cache.ts). Triggers catch every
-- writer: the API, the seed, and hand-run SQL alike.
INSERT INTO `app_meta` (`key`, `value`) VALUES ('catalogue_version', 1);
--> statement-breakpoint
CREATE TRIGGER `products_insert_bumps_catalogue` AFTER INSERT ON `products` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `products_update_bumps_catalogue` AFTER UPDATE ON `products` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `products_delete_bumps_catalogue` AFTER DELETE ON `products` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_insert_bumps_catalogue` AFTER INSERT ON `categories` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_update_bumps_catalogue` AFTER UPDATE ON `categories` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_delete_bumps_catalogue` AFTER DELETE ON `categories` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_insert_bumps_catalogue` AFTER INSERT ON `blog_posts` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_update_bumps_catalogue` AFTER UPDATE ON `blog_posts` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_delete_bumps_catalogue` AFTER DELETE ON `blog_posts` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `faq_entries_insert_bumps_catalogue` AFTER INSERT ON `faq_entries` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `faq_entries_update_bumps_catalogue` AFTER UPDATE ON `faq_entries` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
--> statement-breakpoint
CREATE TRIGGER `faq_entries_delete_bumps_catalogue` AFTER DELETE ON `faq_entries` BEGIN
  UPDATE `app_meta` SET `value` = `value` + 1 WHERE `key` = 'catalogue_version';
END;
