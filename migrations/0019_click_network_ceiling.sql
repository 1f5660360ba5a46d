-- Creator link clicks are counted per network (services/clicks.ts): this index serves the count of
-- one network's clicks in an hour that the per-network ceiling tests in each INSERT.
CREATE INDEX `affiliate_clicks_network_hour_idx` ON `affiliate_clicks` (`visitor_hash`,`hour_bucket`);