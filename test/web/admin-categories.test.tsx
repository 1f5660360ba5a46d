// Categories: create, rename and re-picture (a picture already in storage: a product's photo).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminCategoryDto } from "../../worker/contracts/admin-catalogue";
import { CATEGORY_ID, json, makeCategory, makeProduct, openAdmin } from "./admin-helpers";
import { press } from "./helpers";

const PHOTO = { key: "products/chime/front.jpg", url: "/images/products/chime/front.jpg", alt: "" };

/** The categories screen over a Worker that creates and edits categories. */
function openCategories() {
  return openAdmin("/categories", {
    "GET /api/admin/categories": () => json(200, { success: true, categories: [makeCategory()] }),
    "POST /api/admin/categories": ({ body }) =>
      json(200, {
        success: true,
        category: makeCategory({
          ...(body as Partial<AdminCategoryDto>),
          _id: "e".repeat(24),
          productCount: 0,
          image: null,
        }),
      }),
    [`POST /api/admin/categories/${CATEGORY_ID}`]: ({ body }) => {
      const change = body as { name?: string; imageKey?: string };
      return json(200, {
        success: true,
        category: makeCategory({
          ...change,
          ...(change.imageKey ? { image: `/images/${change.imageKey}` } : {}),
        }),
      });
    },
    "GET /api/admin/products": ({ query }) =>
      json(200, {
        success: true,
        products: query.get("q") === "chime" ? [makeProduct({ images: [PHOTO] })] : [],
        total: 1,
      }),
  });
}

describe("categories", () => {
  it("lists each category with its picture and product count, and creates one", async () => {
    const { api } = openCategories();
    expect(await screen.findByRole("heading", { name: "Copper Water Bottles" })).toBeTruthy();
    expect(screen.getByText("3 products")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Categories · Back-office"));

    await press("New category");
    await press("Create category");
    expect(await screen.findByText("Name is required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: " Prayer Flags " } });
    await press("Create category");
    expect(await screen.findByRole("heading", { name: "Prayer Flags" })).toBeTruthy();
    // No picture chosen: no imageKey (an empty one is refused).
    expect(api.callsTo("POST", "/api/admin/categories")[0]?.body).toEqual({
      name: "Prayer Flags",
      description: "",
    });
  });

  it("renames and re-pictures from a product's photo, sending only what changed", async () => {
    const { api } = openCategories();
    await press("Edit Copper Water Bottles");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Copper Bottles" } });

    await press("Change picture");
    const dialog = await screen.findByRole("dialog", { name: "Choose a picture" });
    fireEvent.change(within(dialog).getByRole("searchbox"), { target: { value: "chime" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Search" }));
    // Searching inside the picker does not submit the category's form around it.
    expect(api.callsTo("POST", `/api/admin/categories/${CATEGORY_ID}`)).toHaveLength(0);
    fireEvent.click(
      await within(dialog).findByRole("button", { name: "Copper Kalash Lota, photo 1" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await press("Save category");
    expect(await screen.findByRole("heading", { name: "Copper Bottles" })).toBeTruthy();
    expect(api.callsTo("POST", `/api/admin/categories/${CATEGORY_ID}`)[0]?.body).toEqual({
      name: "Copper Bottles",
      imageKey: PHOTO.key,
    });
  });

  it("shows the Worker's refusal of a name already used", async () => {
    openAdmin("/categories", {
      "GET /api/admin/categories": () => json(200, { success: true, categories: [makeCategory()] }),
      [`POST /api/admin/categories/${CATEGORY_ID}`]: () =>
        json(409, {
          success: false,
          message: "A category with that name already exists",
          code: "category_name_taken",
        }),
    });
    await press("Edit Copper Water Bottles");
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Wind Chimes" } });
    await press("Save category");
    expect(await screen.findByText("A category with that name already exists")).toBeTruthy();
  });
});
