// How the back-office writes counts (dates and times: the shop's clock, worker/contracts/shop-time.ts;
// the Worker's field messages: the form kit's fieldMessage).

/** "1 product", "3 products". */
export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString("en-AU")} ${count === 1 ? one : many}`;
