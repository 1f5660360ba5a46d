// Orders as the Worker answers them (worker/contracts/order.ts), for the checkout and orders tests.
import type { OrderDto } from "../../worker/contracts/order";

/** The buyer's address on the test orders (the shopper's and the back-office's). */
export const ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  street: "12 Fig Tree Lane",
  street2: "Unit 4",
  city: "Brisbane",
  state: "QLD",
  zipcode: "4000",
  country: "Australia",
  phone: "0400 123 456",
};

/** Order n, placed n days after 1 July 2026 (so a higher n is newer). */
export function makeOrder(n: number, overrides: Partial<OrderDto> = {}): OrderDto {
  const day = String(n).padStart(2, "0");
  return {
    _id: `64f0c0ffee00000000abc${String(n).padStart(3, "0")}`,
    date: `2026-07-${day}T05:30:00.000Z`,
    amount: 64.89,
    status: "Order Placed",
    items: [
      {
        id: `prod${n}`,
        _id: `prod${n}`,
        name: `Copper Piece ${n}`,
        image: `/images/products/prod${n}/1.svg`,
        quantity: 2,
        price: 24.95,
      },
    ],
    address: ADDRESS,
    subtotal: 49.9,
    tax: 4.99,
    deliveryFee: 10,
    discount: 0,
    ...overrides,
  };
}
