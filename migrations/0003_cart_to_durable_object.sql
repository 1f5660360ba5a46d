-- Carts moved to one Durable Object per user (docs/decisions/0003-cart-durable-object.md).
DROP TABLE `cart_items`;
