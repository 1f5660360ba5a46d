// The back-office's products: the list and its filters, the editor's validation and what it
// sends, stock changes, and photos (upload, refusals, order).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminProductDto } from "../../worker/contracts/admin-catalogue";
import {
  type AdminRoute,
  CATEGORY_ID,
  json,
  makeProduct,
  openAdmin,
  openThroughTryAgain,
  PRODUCT_ID,
} from "./admin-helpers";
import { expectTexts, press, type } from "./helpers";

const productAnswer = (product: AdminProductDto) => json(200, { success: true, product });

function listOf(products: AdminProductDto[], total = products.length) {
  return () => json(200, { success: true, products, total });
}

describe("the product list", () => {
  it("shows each product's photo, name, price, status and stock, with badges", async () => {
    openAdmin("/products", {
      "GET /api/admin/products": listOf(
        [
          makeProduct({
            _id: "a".repeat(24),
            name: "Lotus Wind Chime",
            originalPrice: 59.95,
            finalPrice: 44.95,
            images: [{ key: "products/a.jpg", url: "/images/products/a.jpg", alt: "" }],
            stock: { onHand: null, reserved: 0, available: null },
          }),
          makeProduct({
            _id: "b".repeat(24),
            name: "Brass Diya",
            status: "draft",
            stock: { onHand: 3, reserved: 3, available: 0 },
          }),
          makeProduct({
            _id: "c".repeat(24),
            name: "Copper Bottle",
            status: "archived",
            stock: { onHand: 6, reserved: 2, available: 4 },
            lowStockThreshold: 5,
          }),
        ],
        45,
      ),
    });
    const chime = (await screen.findByRole("link", { name: "Lotus Wind Chime" })).closest("tr");
    if (!chime) throw new Error("no row");
    expectTexts(within(chime), ["$44.95", "$59.95", "Active", "Not tracked"]);
    expect(chime.querySelector("img")?.getAttribute("src")).toBe("/images/products/a.jpg");

    const diya = screen.getByRole("link", { name: "Brass Diya" }).closest("tr");
    expect(within(diya as HTMLElement).getByText("Draft")).toBeTruthy();
    expect(within(diya as HTMLElement).getByText("Sold out")).toBeTruthy();

    const bottle = screen.getByRole("link", { name: "Copper Bottle" }).closest("tr");
    expect(within(bottle as HTMLElement).getByText("Archived")).toBeTruthy();
    expect(within(bottle as HTMLElement).getByText("Low")).toBeTruthy();
    expect(within(bottle as HTMLElement).getByText(/6 on hand · 2 in checkouts/)).toBeTruthy();

    expect(screen.getByText("1–3 of 45 products")).toBeTruthy();
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit Brass Diya" }).getAttribute("href")).toBe(
      `/products/${"b".repeat(24)}`,
    );
    await waitFor(() => expect(document.title).toBe("Products · Back-office"));
  });

  it("searches, filters by status and pages through the Worker's list", async () => {
    const { api } = openAdmin("/products", {
      "GET /api/admin/products": listOf([makeProduct()], 41),
    });
    await screen.findByRole("link", { name: "Copper Kalash Lota" });

    fireEvent.click(screen.getByRole("link", { name: "Draft" }));
    await waitFor(() => expect(api.callsTo("GET", "/api/admin/products")).toHaveLength(2));
    expect(api.callsTo("GET", "/api/admin/products")[1]?.query.get("status")).toBe("draft");
    expect(screen.getByRole("link", { name: "Draft" }).getAttribute("aria-current")).toBe("true");

    fireEvent.change(screen.getByRole("searchbox", { name: "Search products by name" }), {
      target: { value: " copper " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(api.callsTo("GET", "/api/admin/products")).toHaveLength(3));
    const searched = api.callsTo("GET", "/api/admin/products")[2]?.query;
    expect(searched?.get("q")).toBe("copper");
    expect(searched?.get("status")).toBe("draft");
    expect(await screen.findByText(/matching “copper”/)).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    await waitFor(() => expect(api.callsTo("GET", "/api/admin/products")).toHaveLength(4));
    expect(api.callsTo("GET", "/api/admin/products")[3]?.query.get("page")).toBe("2");
    expect(api.callsTo("GET", "/api/admin/products")[3]?.query.get("q")).toBe("copper");
  });

  it("says when nothing matches, and offers to clear the search", async () => {
    openAdmin("/products?q=unicorn", {
      "GET /api/admin/products": listOf([]),
    });
    expect(await screen.findByText("No products match.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Clear the search and filter" })).toBeTruthy();
  });

  it("shows a failed load with Try again", async () => {
    await openThroughTryAgain("/products", "/api/admin/products", listOf([makeProduct()]));
    expect(await screen.findByRole("link", { name: "Copper Kalash Lota" })).toBeTruthy();
  });
});

const NEW_ID = "d".repeat(24);

/** The new-product editor, over an API that creates "Brass Bell" (a draft, NEW_ID) and serves it. */
function openNewProduct(routes: Record<string, AdminRoute> = {}) {
  const created = makeProduct({ _id: NEW_ID, name: "Brass Bell", status: "draft" });
  return openAdmin("/products/new", {
    "POST /api/admin/products": () => productAnswer(created),
    [`GET /api/admin/products/${NEW_ID}`]: () => productAnswer(created),
    ...routes,
  });
}

describe("the product editor", () => {
  it("refuses a final price above the original, and creates the product in dollars", async () => {
    const { api, router } = openNewProduct();
    expect(await screen.findByRole("heading", { name: "New product" })).toBeTruthy();
    await screen.findByRole("option", { name: "Wind Chimes" });

    // Prices are shelf prices before GST: checkout adds 10% on top (SPEC.md section 9). One price
    // is typed; a sale price only once the product is marked on sale.
    const hintOf = (label: string) =>
      document.getElementById(screen.getByLabelText(label).getAttribute("aria-describedby") ?? "")
        ?.textContent;
    expect(hintOf("Price")).toBe(
      "Shelf price in Australian dollars, before GST: checkout adds GST (10%).",
    );
    expect(screen.queryByLabelText("Sale price")).toBeNull();
    fireEvent.click(screen.getByLabelText(/^On sale/));
    expect(hintOf("Sale price")).toBe("Below the price, before GST: shoppers see both.");
    expect(screen.queryByText(/GST included/i)).toBeNull();

    type("Name", "Brass Bell");
    type(/^Description/, "A temple bell cast in brass.");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: CATEGORY_ID } });
    type("Price", "40");
    type("Sale price", "50");
    await press("Create product");
    expect(await screen.findByText("Sale price must not exceed the price")).toBeTruthy();
    expect(screen.getByLabelText("Sale price").getAttribute("aria-invalid")).toBe("true");
    expect(api.callsTo("POST", "/api/admin/products")).toHaveLength(0);

    type("Sale price", "$35.50");
    expect(hintOf("Sale price")).toBe("Shoppers see 11% off the price.");
    type(/^Tags/, "brass, temple , ,gifts");
    type(/^Opening stock/, "12");
    fireEvent.click(screen.getByLabelText(/^Bestseller/));
    await press("Create product");
    expect(await api.onlyBodySent("POST", "/api/admin/products")).toEqual({
      name: "Brass Bell",
      description: "A temple bell cast in brass.",
      category: CATEGORY_ID,
      tags: ["brass", "temple", "gifts"],
      originalPrice: 40,
      finalPrice: 35.5,
      bestseller: true,
      new: true,
      premium: false,
      // The endpoint's own schema turns an empty variant into none.
      variant: null,
      status: "draft",
      lowStockThreshold: 5,
      stock: 12,
    });
    // Photos need the product to exist: its own page opens.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${NEW_ID}`));
    expect(await screen.findByRole("heading", { name: "Photos" })).toBeTruthy();
  });

  it("sends only what changed, in dollars, then says Saved and stays", async () => {
    const product = makeProduct();
    const { api, router } = openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(product),
      [`POST /api/admin/products/${PRODUCT_ID}`]: ({ body }) =>
        productAnswer({
          ...product,
          ...(body as Partial<AdminProductDto>),
          updatedAt: "2026-11-21T00:00:00.000Z",
        }),
    });
    expect(await screen.findByRole("heading", { name: "Copper Kalash Lota" })).toBeTruthy();
    // The title is set once the screen has committed (an effect): wait for it, not for a time.
    await waitFor(() => expect(document.title).toBe("Copper Kalash Lota · Back-office"));
    expect((screen.getByLabelText("Price") as HTMLInputElement).value).toBe("50.00");
    expect((screen.getByLabelText(/^On sale/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Sale price") as HTMLInputElement).value).toBe("45.00");
    expect(screen.getByText("All changes saved")).toBeTruthy();

    type("Sale price", "39.95");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "draft" } });
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    await press("Save");
    expect(await api.onlyBodySent("POST", `/api/admin/products/${PRODUCT_ID}`)).toEqual({
      finalPrice: 39.95,
      status: "draft",
    });
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(await screen.findByText("All changes saved")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/products/${PRODUCT_ID}`);
  });

  it("shows the Worker's own field errors from a refused save", async () => {
    openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(makeProduct()),
      [`POST /api/admin/products/${PRODUCT_ID}`]: () =>
        json(400, {
          success: false,
          message: "finalPrice must not exceed originalPrice",
          code: "invalid_input",
          issues: [{ path: "finalPrice", message: "finalPrice must not exceed originalPrice" }],
        }),
    });
    await screen.findByRole("heading", { name: "Copper Kalash Lota" });
    // The form holds the loaded product before the change, and the change before the save.
    const original = screen.getByLabelText("Price") as HTMLInputElement;
    await waitFor(() => expect(original.value).not.toBe(""));
    type("Price", "44");
    await waitFor(() => expect(original.value).toBe("44"));
    await press("Save");
    expect(await screen.findByText("Sale price must not exceed the price")).toBeTruthy();
    expect(screen.getByLabelText("Sale price").getAttribute("aria-invalid")).toBe("true");
  });

  it("takes a price without a sale once, and ends a sale by unticking it", async () => {
    const { api, router } = openNewProduct({
      [`GET /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(makeProduct()),
      [`POST /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(makeProduct()),
    });
    await screen.findByRole("option", { name: "Wind Chimes" });
    type("Name", "Brass Bell");
    type(/^Description/, "A temple bell cast in brass.");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: CATEGORY_ID } });
    type("Price", "$40");
    await press("Create product");
    await waitFor(() => expect(api.callsTo("POST", "/api/admin/products")).toHaveLength(1));
    const body = api.callsTo("POST", "/api/admin/products")[0]?.body as AdminProductDto;
    expect([body.originalPrice, body.finalPrice]).toEqual([40, 40]);

    // On sale at $45 of $50: unticking sells it at the price again.
    await act(() => router.navigate(`/products/${PRODUCT_ID}`));
    await screen.findByRole("heading", { name: "Copper Kalash Lota" });
    const onSale = screen.getByLabelText(/^On sale/) as HTMLInputElement;
    await waitFor(() => expect(onSale.checked).toBe(true));
    fireEvent.click(onSale);
    expect(screen.queryByLabelText("Sale price")).toBeNull();
    await press("Save");
    expect(await api.onlyBodySent("POST", `/api/admin/products/${PRODUCT_ID}`)).toEqual({
      finalPrice: 50,
    });
  });

  it("shows toasts in the header's flow, and drops an error toast once a save succeeds", async () => {
    const product = makeProduct();
    let up = false;
    openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(product),
      [`POST /api/admin/products/${PRODUCT_ID}`]: () =>
        up
          ? productAnswer({ ...product, status: "draft", updatedAt: "2026-11-21T00:00:00.000Z" })
          : json(503, { success: false, message: "The database is busy" }),
    });
    await screen.findByRole("heading", { name: "Copper Kalash Lota" });
    // The form holds the loaded product before the change, and the change before the save.
    const status = screen.getByLabelText("Status") as HTMLSelectElement;
    await waitFor(() => expect(status.value).toBe("active"));
    fireEvent.change(status, { target: { value: "draft" } });
    await waitFor(() => expect(screen.getByText("Unsaved changes")).toBeTruthy());
    await press("Save");
    const refused = await screen.findByText("The database is busy");
    // Laid in the header's own box, below the tabs: it can cover no button of the screen.
    const header = document.querySelector(".admin-header");
    expect(header?.contains(refused)).toBe(true);
    expect(header?.querySelector(".admin-header-toasts .Toastify__toast-container")).toBeTruthy();

    up = true;
    await press("Save");
    expect(await screen.findByText("Saved")).toBeTruthy();
    // The error toast leaves (happy-dom plays no exit animation: its end is told by hand).
    const errorToast = refused.closest(".Toastify__toast") as HTMLElement;
    await waitFor(() => expect(errorToast.dataset.in).toBe("false"));
    fireEvent.animationEnd(errorToast);
    await waitFor(() => expect(screen.queryByText("The database is busy")).toBeNull());
  });

  it("archives only after confirming", async () => {
    const product = makeProduct();
    const { api } = openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(product),
      [`DELETE /api/admin/products/${PRODUCT_ID}`]: () =>
        productAnswer({ ...product, status: "archived", updatedAt: "2026-11-22T00:00:00.000Z" }),
    });
    await screen.findByRole("heading", { name: "Copper Kalash Lota" });
    expect(screen.getByRole("link", { name: /View in the shop/ }).getAttribute("href")).toBe(
      `/product/${PRODUCT_ID}`,
    );
    await press("Archive");
    const dialog = await screen.findByRole("dialog", { name: "Archive “Copper Kalash Lota”?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("DELETE", `/api/admin/products/${PRODUCT_ID}`)).toHaveLength(0);

    await press("Archive");
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Archive product" }),
    );
    await waitFor(() =>
      expect(api.callsTo("DELETE", `/api/admin/products/${PRODUCT_ID}`)).toHaveLength(1),
    );
    expect((await screen.findAllByText("Archived")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Archive" })).toBeNull();
    expect(screen.queryByRole("link", { name: /View in the shop/ })).toBeNull();
  });

  it("says so when the product does not exist", async () => {
    openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () =>
        json(404, { success: false, message: "Product not found", code: "product_not_found" }),
    });
    expect(await screen.findByRole("heading", { name: "No such product" })).toBeTruthy();
  });
});

describe("stock", () => {
  const openStocked = () =>
    openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () => productAnswer(makeProduct()),
      [`POST /api/admin/products/${PRODUCT_ID}/stock`]: ({ body }) => {
        const change = body as { delta?: number; onHand?: number };
        const onHand = change.onHand ?? 10 + (change.delta ?? 0);
        return json(200, {
          success: true,
          stock: { onHand, reserved: 2, available: onHand - 2 },
        });
      },
    });

  it("shows on hand, in checkouts and available, and needs a reason to adjust", async () => {
    const { api } = openStocked();
    const panel = (await screen.findByRole("heading", { name: "Stock" })).closest("section");
    if (!panel) throw new Error("no stock panel");
    const figure = (label: string) =>
      within(panel).getByText(label).closest("div")?.querySelector("dd")?.textContent;
    expect(figure("On hand")).toBe("10");
    expect(figure("In checkouts")).toBe("2");
    expect(figure("Available")).toBe("8");

    fireEvent.change(within(panel).getByLabelText("Add or remove"), { target: { value: "+5" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Adjust stock" }));
    expect(await within(panel).findByText("Reason is required with the change")).toBeTruthy();
    expect(api.callsTo("POST", `/api/admin/products/${PRODUCT_ID}/stock`)).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText("Reason"), {
      target: { value: "Delivery from Moradabad" },
    });
    fireEvent.click(within(panel).getByRole("button", { name: "Adjust stock" }));
    await waitFor(() => expect(figure("On hand")).toBe("15"));
    expect(api.callsTo("POST", `/api/admin/products/${PRODUCT_ID}/stock`)[0]?.body).toEqual({
      delta: 5,
      reason: "Delivery from Moradabad",
    });
    expect(figure("Available")).toBe("13");
  });

  it("sets the count after a stocktake, and shows a refusal below what checkouts hold", async () => {
    const { api } = openStocked();
    const panel = (await screen.findByRole("heading", { name: "Stock" })).closest("section");
    if (!panel) throw new Error("no stock panel");
    fireEvent.change(within(panel).getByLabelText("Set on hand to"), { target: { value: "7" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Set count" }));
    expect(await api.onlyBodySent("POST", `/api/admin/products/${PRODUCT_ID}/stock`)).toEqual({
      onHand: 7,
    });
    expect(await screen.findByText("On hand set to 7")).toBeTruthy();
  });
});

describe("photos", () => {
  const IMAGES = ["a", "b", "c"].map((name) => ({
    key: `products/${PRODUCT_ID}/${name}.jpg`,
    url: `/images/products/${PRODUCT_ID}/${name}.jpg`,
    alt: name === "b" ? "Side view" : "",
  }));

  const openWithPhotos = (routes: Record<string, AdminRoute> = {}) =>
    openAdmin(`/products/${PRODUCT_ID}`, {
      [`GET /api/admin/products/${PRODUCT_ID}`]: () =>
        productAnswer(makeProduct({ images: IMAGES })),
      ...routes,
    });

  it("uploads each chosen file as multipart, and says why one was refused (415)", async () => {
    const { api } = openWithPhotos({
      [`POST /api/admin/products/${PRODUCT_ID}/images`]: ({ body }) => {
        const file = (body as FormData).get("file") as File;
        if (file.name === "notes.png") {
          return json(415, {
            success: false,
            message: "Only JPEG, PNG, WebP and AVIF photos are accepted",
            code: "unsupported_image_type",
          });
        }
        return json(200, {
          success: true,
          image: { key: "products/new.webp", url: "/images/products/new.webp", alt: "" },
        });
      },
    });
    await screen.findByRole("heading", { name: "Photos" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe("image/jpeg,image/png,image/webp,image/avif");

    const refused = new File(["not really a png"], "notes.png", { type: "image/png" });
    const good = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], "bell.webp", {
      type: "image/webp",
    });
    fireEvent.change(input, { target: { files: [refused, good] } });

    expect(
      await screen.findByText("Only JPEG, PNG, WebP and AVIF photos are accepted"),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole("listitem", { name: undefined }).length).toBeGreaterThan(0),
    );
    await waitFor(() => expect(document.querySelectorAll(".photo-card")).toHaveLength(4));
    const uploads = api.callsTo("POST", `/api/admin/products/${PRODUCT_ID}/images`);
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      expect(upload.body).toBeInstanceOf(FormData);
      // The browser writes the multipart type with its boundary; a JSON type would break it.
      expect(upload.headers.get("content-type")).toBeNull();
      expect(upload.headers.get("token")).toBe("admin-token");
    }
    const names = uploads.map((upload) => ((upload.body as FormData).get("file") as File).name);
    expect(names).toEqual(["notes.png", "bell.webp"]);
    const list = screen.getByRole("list", { name: "Uploads" });
    expect(within(list).getByText("Not added")).toBeTruthy();
    expect(within(list).getByText("Added")).toBeTruthy();
  });

  it("takes photos before the first save and uploads them once the product exists", async () => {
    const id = "d".repeat(24);
    const created = makeProduct({ _id: id, name: "Brass Bell", status: "draft" });
    let uploaded = 0;
    const { api, router } = openAdmin("/products/new", {
      "POST /api/admin/products": () => productAnswer(created),
      [`GET /api/admin/products/${id}`]: () => productAnswer(created),
      [`POST /api/admin/products/${id}/images`]: ({ body }) => {
        const file = (body as FormData).get("file") as File;
        if (file.name === "blurry.jpg") {
          return json(415, { success: false, message: "That file is not a photo" });
        }
        uploaded += 1;
        return json(200, {
          success: true,
          image: { key: `products/${id}/${uploaded}.jpg`, url: `/images/${file.name}`, alt: "" },
        });
      },
    });
    await screen.findByRole("option", { name: "Wind Chimes" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input on the new product");
    const photo = (name: string, bytes = 2048) =>
      new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
    fireEvent.change(input, {
      target: {
        files: [photo("front.jpg"), photo("huge.jpg", 10 * 1024 * 1024 + 1), photo("blurry.jpg")],
      },
    });
    fireEvent.change(input, { target: { files: [photo("side.jpg")] } });
    const chosen = screen.getByRole("list", { name: "Uploads" });
    // Refused at once, with why; the rest wait for the product, and can still be taken out.
    expect(within(chosen).getByText("A photo may be at most 10 MB")).toBeTruthy();
    expect(within(chosen).getAllByText("Uploads once the product is created")).toHaveLength(3);
    fireEvent.click(within(chosen).getByRole("button", { name: "Remove side.jpg" }));
    expect(within(chosen).getAllByText("Uploads once the product is created")).toHaveLength(2);
    expect(api.callsTo("POST", `/api/admin/products/${id}/images`)).toHaveLength(0);

    type("Name", "Brass Bell");
    type(/^Description/, "A temple bell cast in brass.");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: CATEGORY_ID } });
    type("Price", "40");
    await press("Create product");
    expect(await screen.findByText("Product created: 2 photos uploading")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/products/${id}`));
    // On its page, in the order chosen, each with its own outcome.
    await waitFor(() =>
      expect(api.callsTo("POST", `/api/admin/products/${id}/images`)).toHaveLength(2),
    );
    const names = api
      .callsTo("POST", `/api/admin/products/${id}/images`)
      .map((upload) => ((upload.body as FormData).get("file") as File).name);
    expect(names).toEqual(["front.jpg", "blurry.jpg"]);
    const uploads = screen.getByRole("list", { name: "Uploads" });
    await waitFor(() => expect(within(uploads).getByText("Added")).toBeTruthy());
    expect(within(uploads).getByText("Not added")).toBeTruthy();
    expect(within(uploads).getByText("That file is not a photo")).toBeTruthy();
    expect(await screen.findByText("Photo added")).toBeTruthy();
    expect(document.querySelectorAll(".photo-card")).toHaveLength(1);
  });

  it("refuses a file over 10 MB without sending it, and shows a 413 from the edge", async () => {
    const { api } = openWithPhotos({
      [`POST /api/admin/products/${PRODUCT_ID}/images`]: () =>
        new Response("<html>413 Request Entity Too Large</html>", { status: 413 }),
    });
    await screen.findByRole("heading", { name: "Photos" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", {
      type: "image/jpeg",
    });
    const big = new File([new Uint8Array(2048)], "big.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [huge, big] } });
    await waitFor(() =>
      expect(screen.getAllByText("A photo may be at most 10 MB")).toHaveLength(2),
    );
    expect(api.callsTo("POST", `/api/admin/products/${PRODUCT_ID}/images`)).toHaveLength(1);
  });

  it("moves a photo by sending every key in the new order", async () => {
    const { api } = openWithPhotos({
      [`POST /api/admin/products/${PRODUCT_ID}/images/order`]: ({ body }) => {
        const { keys } = body as { keys: string[] };
        return json(200, {
          success: true,
          images: keys.map((key) => IMAGES.find((image) => image.key === key)),
        });
      },
    });
    await screen.findByRole("heading", { name: "Photos" });
    expect(
      (screen.getByRole("button", { name: "Move photo 1 left" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Move photo 2 left" }));
    expect(
      await api.onlyBodySent("POST", `/api/admin/products/${PRODUCT_ID}/images/order`),
    ).toEqual({
      keys: [IMAGES[1]?.key, IMAGES[0]?.key, IMAGES[2]?.key],
    });
    // The cover is now the side view.
    await waitFor(() =>
      expect(document.querySelector(".photo-card img")?.getAttribute("alt")).toBe("Side view"),
    );

    fireEvent.click(screen.getByRole("button", { name: "Move photo 2 right" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `/api/admin/products/${PRODUCT_ID}/images/order`)).toHaveLength(2),
    );
    expect(api.callsTo("POST", `/api/admin/products/${PRODUCT_ID}/images/order`)[1]?.body).toEqual({
      keys: [IMAGES[1]?.key, IMAGES[2]?.key, IMAGES[0]?.key],
    });
  });

  it("saves alt text, and deletes a photo only after confirming", async () => {
    const { api } = openWithPhotos({
      [`POST /api/admin/products/${PRODUCT_ID}/images/products/${PRODUCT_ID}/a.jpg`]: ({ body }) =>
        json(200, {
          success: true,
          image: { ...IMAGES[0], alt: (body as { alt: string }).alt },
        }),
      [`DELETE /api/admin/products/${PRODUCT_ID}/images/products/${PRODUCT_ID}/c.jpg`]: () =>
        json(200, { success: true, images: IMAGES.slice(0, 2) }),
    });
    await screen.findByRole("heading", { name: "Photos" });
    fireEvent.change(screen.getByLabelText("Alt text of photo 1"), {
      target: { value: "  Copper lota, front  " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save alt text of photo 1" }));
    expect(await screen.findByText("Alt text of photo 1 saved")).toBeTruthy();
    expect(
      api.callsTo(
        "POST",
        `/api/admin/products/${PRODUCT_ID}/images/products/${PRODUCT_ID}/a.jpg`,
      )[0]?.body,
    ).toEqual({ alt: "Copper lota, front" });

    fireEvent.click(screen.getByRole("button", { name: "Delete photo 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this photo?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete photo" }));
    await waitFor(() => expect(document.querySelectorAll(".photo-card")).toHaveLength(2));
    expect(
      api.callsTo(
        "DELETE",
        `/api/admin/products/${PRODUCT_ID}/images/products/${PRODUCT_ID}/c.jpg`,
      ),
    ).toHaveLength(1);
  });
});

describe("low stock", () => {
  it("lists what is running low, each linking to its editor", async () => {
    openAdmin("/stock", {
      "GET /api/admin/stock/low": () =>
        json(200, {
          success: true,
          products: [
            {
              id: PRODUCT_ID,
              name: "Surya Sun Wall Hanging",
              slug: "surya",
              status: "active",
              image: null,
              onHand: 0,
              reserved: 0,
              available: 0,
              lowStockThreshold: 5,
            },
          ],
        }),
    });
    const link = await screen.findByRole("link", { name: "Surya Sun Wall Hanging" });
    expect(link.getAttribute("href")).toBe(`/products/${PRODUCT_ID}`);
    expect(screen.getByText("Sold out")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Low stock · Back-office"));
  });

  it("says when nothing is running low", async () => {
    openAdmin("/stock", {
      "GET /api/admin/stock/low": () => json(200, { success: true, products: [] }),
    });
    expect(await screen.findByText("Nothing is running low.")).toBeTruthy();
  });
});
