// What the catalogue's answer cache needs of a request: the answer's key and the ETag the client
// already holds (If-None-Match), for a 304.
import type { Context } from "hono";

export const cacheRequest = (c: Context, key: string) => ({
  key,
  ifNoneMatch: c.req.header("if-none-match"),
});
