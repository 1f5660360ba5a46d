-- Category names are unique regardless of case (the back-office answers 409 on a clash).
CREATE UNIQUE INDEX `categories_name_lower_unique` ON `categories` (lower("name"));