import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { Footer } from "../../web/app/footer";
import { clearCatalogueCache } from "../../web/features/catalogue/api";
import { makeCategory, stubApi } from "./helpers";

const renderFooter = () =>
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );

describe("Footer", () => {
  beforeEach(() => clearCatalogueCache());

  it("links the first four categories to the filtered collection", async () => {
    const fetchMock = stubApi({
      categories: [
        makeCategory(1, "Copper Bottles"),
        makeCategory(2, "Wind Chimes & Bells"),
        makeCategory(3, "Wall Hangings"),
        makeCategory(4, "Sacred Idols"),
        makeCategory(5, "Singing Bowls"),
      ],
    });
    renderFooter();

    const products = screen.getByRole("region", { name: "Products" });
    await within(products).findByRole("link", { name: "Copper Bottles" });
    const links = within(products).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/collection?category=Copper%20Bottles",
      "/collection?category=Wind%20Chimes%20%26%20Bells",
      "/collection?category=Wall%20Hangings",
      "/collection?category=Sacred%20Idols",
    ]);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/category/list",
      expect.objectContaining({ credentials: "include", method: "GET" }),
    );
  });

  it("opens social profiles in a new tab and shows the fixed contact details", async () => {
    stubApi({ categories: [] });
    renderFooter();

    for (const name of ["TikTok", "Facebook", "Instagram"]) {
      const link = screen.getByRole("link", { name: new RegExp(`on ${name}`) });
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(screen.getByRole("link", { name: /TikTok/ }).getAttribute("href")).toBe(
      "https://www.tiktok.com/@tamraandtara",
    );
    const quick = within(screen.getByRole("region", { name: "Quick Links" }));
    expect(quick.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "HOME",
      "COLLECTION",
      "BLOG",
      "CONTACT",
    ]);
    expect(screen.getByText("Brisbane, Queensland")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Send us a message" }).getAttribute("href")).toBe(
      "/contact",
    );
    expect(screen.getByText("Mon–Fri 10am–5pm AEST")).toBeTruthy();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Tamra & Tara. All rights reserved.`),
    ).toBeTruthy();
    expect(await screen.findByText("Browse the full collection.")).toBeTruthy();
  });
});
