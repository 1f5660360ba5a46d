// Browser-side test doubles: the SPA's only window to the Worker is fetch, so tests answer it.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { vi } from "vitest";
import type { CategoryDto, ProductDto } from "../../worker/contracts/catalogue";

export function makeProduct(n: number, overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: `prod${n}`,
    name: `Copper Piece ${n}`,
    description: "Hand-hammered copper.",
    image: [`/images/products/prod${n}/1.svg`],
    originalPrice: 50,
    finalPrice: 50,
    category: "Copper Bottles",
    tags: ["copper"],
    bestseller: false,
    new: true,
    premium: false,
    inStock: true,
    available: null,
    ...overrides,
  };
}

export function makeCategory(n: number, name = `Category ${n}`): CategoryDto {
  return { _id: `cat${n}`, name, image: `/images/categories/cat${n}.svg` };
}

export interface FakeApi {
  products?: ProductDto[];
  categories?: CategoryDto[];
  /** Status for every request, to exercise failures. */
  failWith?: number;
}

/** Stubs global fetch with the Worker's catalogue answers; returns the mock to inspect calls. */
export function stubApi({ products = [], categories = [], failWith }: FakeApi = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    if (failWith) return json(failWith, { success: false, message: "Database unavailable" });
    if (url.endsWith("/api/product/list")) {
      return json(200, { success: true, products, message: `${products.length} products` });
    }
    if (url.endsWith("/api/category/list")) return json(200, { success: true, categories });
    return json(404, { success: false, message: "Not found", code: "not_found" });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/**
 * Clicks the button named `name` once it is on screen and enabled. A form's button reads
 * "Sending..." (or is disabled) until its last answer has settled, so a test that presses again
 * right after seeing that answer waits for the button instead of racing the re-render.
 */
export async function press(name: string | RegExp) {
  const button = await waitFor(() => {
    const found = screen.getByRole("button", { name });
    if ((found as HTMLButtonElement).disabled) throw new Error(`The button ${name} is disabled`);
    return found;
  });
  fireEvent.click(button);
}
