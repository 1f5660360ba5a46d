// The plain /collection as HTML: the build's collection.html with the first page of the
// catalogue rendered in its <main> by the SPA's own screen (@web/page-frames), and that answer
// beside it for the app to hydrate: the cards, and their pictures, are in the HTML a phone first
// paints, and a crawler reads the shop's newest products. An address with a query (filters, a
// search, a page) is the static file as it is: the app renders that question afresh.
import { renderCollectionFrame } from "@web/page-frames";
import { Hono } from "hono";
import * as v from "valibot";
import { ProductSearchQuery } from "../contracts/catalogue-search";
import { COLLECTION_FRAME_DATA_ID, type CollectionFrameData } from "../contracts/page-frames";
import { COLLECTION_DESCRIPTION, COLLECTION_TITLE, pageTitle } from "../contracts/site";
import { fillTemplate, pageTemplate } from "../http/page-template";
import type { AppEnv } from "../middleware/app-env";
import { stockedResponse } from "../modules/catalogue/cache";
import { searchAnswer } from "../modules/catalogue/search";

const TEMPLATE_PATH = "/collection";
/** The plain address's question, as the SPA puts it: "" (no filters, newest first, page 1). */
const FIRST_PAGE = v.parse(ProductSearchQuery, {});
/** The preload of that answer, which the page now carries. */
const SEARCH_PRELOAD = /<link rel="preload" as="fetch"[^>]* href="\/api\/product\/search">/;

export const collectionPageRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (new URL(c.req.url).search !== "") return c.env.ASSETS.fetch(c.req.raw);
  const template = await pageTemplate(c, TEMPLATE_PATH);
  const db = c.var.catalogueDb;
  const origin = c.env.APP_ORIGIN;
  return stockedResponse(
    { db },
    {
      key: `collection-page:${template.etag}`,
      ifNoneMatch: c.req.header("if-none-match"),
      contentType: "text/html; charset=utf-8",
    },
    {
      content: async (): Promise<CollectionFrameData> => ({
        request: "",
        answer: await searchAnswer({ db }, FIRST_PAGE),
      }),
      productsOf: (value) => value.answer.products,
      render: (value) =>
        fillTemplate(template, {
          frame: renderCollectionFrame(value),
          title: pageTitle(COLLECTION_TITLE),
          description: COLLECTION_DESCRIPTION,
          canonical: `${origin}${TEMPLATE_PATH}`,
          data: { id: COLLECTION_FRAME_DATA_ID, value },
          drop: SEARCH_PRELOAD,
        }),
    },
  );
});
