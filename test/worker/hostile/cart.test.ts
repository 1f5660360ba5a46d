// Hostile input on the cart (route cart): every answer's cart holds only catalogue products, each
// with a quantity of 1 to 10, whatever was sent.
import fc from "fast-check";
import { expect } from "vitest";
import {
  type Answer,
  bodyFor,
  describeEndpoints,
  type Endpoint,
  type Given,
  headers,
  hexId,
  hostileNumber,
  hostileText,
  hostileValue,
  noBody,
  post,
  valid,
  type World,
} from "../helpers/hostile";

const itemId = (w: World) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...w.products.map((p) => p.id)) },
    { weight: 1, arbitrary: hexId },
    { weight: 1, arbitrary: hostileText },
  );
const quantity = (min: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max: 10 }) },
    { weight: 1, arbitrary: hostileNumber },
  );
const shopperAndCreator = (w: World) => headers(w, [w.shopper.token, w.creator.token], "required");
const productId = (w: World, i: number) => w.products[i]?.id ?? "";

/** A cart answer holds catalogue products only, with 1 to 10 of each. */
const never = (a: Answer, _c: unknown, { w }: Given<undefined>) => {
  if (a.status !== 200) return;
  const cart = a.json?.cartData as Record<string, { quantity: number }>;
  for (const [id, line] of Object.entries(cart)) {
    expect(w.productIds.has(id)).toBe(true);
    expect(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= 10).toBe(true);
  }
};

/** A cart endpoint: its valid body and the fields fuzzed in it (none: a read), and an example. */
const cartRow = (
  path: string,
  body: ((w: World) => fc.Arbitrary<Record<string, unknown>>) | undefined,
  fields: string[],
  example: (w: World) => [body: unknown, token: string],
  runs = 60,
): Endpoint<undefined> => ({
  name: `POST ${path}`,
  runs,
  requests: ({ w }) => post(path, body ? bodyFor(body(w), fields) : noBody, shopperAndCreator(w)),
  examples: ({ w }) => {
    const [b, token] = example(w);
    return [valid(path, b, { token })];
  },
  never,
  reaches: [200, 401],
});

const mergeLine = fc.oneof(
  fc.record({ quantity: quantity(0) }),
  fc.record({ quantity: quantity(0), price: hostileNumber, name: hostileText }),
  hostileValue,
);

describeEndpoints("hostile input: cart", {
  endpoints: [
    cartRow(
      "/api/cart/add",
      (w) => fc.record({ itemId: itemId(w), quantity: quantity(1) }),
      ["itemId", "quantity"],
      (w) => [{ itemId: productId(w, 0), quantity: 10 }, w.shopper.token],
    ),
    cartRow(
      "/api/cart/update",
      (w) => fc.record({ itemId: itemId(w), quantity: quantity(0) }),
      ["itemId", "quantity"],
      (w) => [{ itemId: productId(w, 1), quantity: 3 }, w.shopper.token],
    ),
    cartRow(
      "/api/cart/merge",
      (w) =>
        fc.record({
          cartData: fc.oneof(
            fc.dictionary(itemId(w), mergeLine, { maxKeys: 6 }),
            // Over the 100-line limit.
            fc.constant(
              Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`${i}`, { quantity: 1 }])),
            ),
          ),
        }),
      ["cartData"],
      (w) => [
        `{"cartData":{"${productId(w, 2)}":{"quantity":7},"__proto__":{"quantity":99},"constructor":{"quantity":5}}}`,
        w.shopper.token,
      ],
    ),
    cartRow("/api/cart/get", undefined, [], (w) => [{}, w.creator.token], 30),
    cartRow("/api/cart/clear", undefined, [], (w) => [{}, w.creator.token], 30),
  ],
});
