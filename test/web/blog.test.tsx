import "./dompurify-on-happy-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { ToastContainer } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { BlogPage } from "../../web/routes/blog";
import type { BlogPostDto } from "../../worker/contracts/catalogue";
import { textsByRole } from "./helpers";

function makePost(n: number, overrides: Partial<BlogPostDto> = {}): BlogPostDto {
  return {
    _id: `post${n}`,
    title: `Copper Ritual ${n}`,
    cover: `/images/blog/post${n}.svg`,
    shortDescription: `Why copper matters, part ${n}.`,
    publishDate: "2026-07-13",
    estimatedTimeToRead: 4,
    keywords: "copper, tamra jal , ayurveda",
    content: `<h2>Section ${n}</h2><p>Body of post ${n}.</p>`,
    ...overrides,
  };
}

/** Answers GET /api/blogs with `body` (or a failure status) and counts the calls. */
function stubBlogs(responses: Array<{ status: number; body: unknown }>) {
  let call = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (!String(input).endsWith("/api/blogs")) throw new Error(`unexpected fetch ${input}`);
    const answer = responses[Math.min(call++, responses.length - 1)];
    if (!answer) throw new Error("stubBlogs needs at least one response");
    const { status, body } = answer;
    return new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const ok = (blogs: BlogPostDto[]) => ({ status: 200, body: { success: true, blogs } });
const failure = { status: 503, body: { success: false, message: "Database unavailable" } };

function renderBlog(path = "/blog") {
  const Placeholder = () => <h1>Elsewhere</h1>;
  const router = createMemoryRouter(
    [
      { path: "/blog", Component: BlogPage },
      { path: "*", Component: Placeholder },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ToastContainer />
    </>,
  );
  return router;
}

const cards = () => screen.getAllByRole("article");

describe("blog list", () => {
  it("shows each post as a card and switches between grid and list", async () => {
    stubBlogs([ok([makePost(1), makePost(2, { estimatedTimeToRead: 7 })])]);
    renderBlog();

    await screen.findByRole("link", { name: "Copper Ritual 1" });
    expect(cards()).toHaveLength(2);
    const first = within(cards()[0] as HTMLElement);
    expect(first.getByText("13 July 2026").getAttribute("datetime")).toBe("2026-07-13");
    expect(first.getByText("4 min read")).toBeTruthy();
    expect(first.getByText("Why copper matters, part 1.")).toBeTruthy();
    const keywords = first.getByRole("list", { name: "Keywords for Copper Ritual 1" });
    expect(textsByRole(keywords, "listitem")).toEqual(["copper", "tamra jal", "ayurveda"]);
    const cover = cards()[1]?.querySelector("img");
    expect(cover?.getAttribute("src")).toBe("/images/blog/post2.svg");
    expect(cover?.getAttribute("width")).toBe("1200");
    expect(cover?.getAttribute("height")).toBe("675");
    expect(screen.getByText("7 min read")).toBeTruthy();
    expect(screen.getByText("2 posts")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Blog — Tamra & Tara"));

    const grid = screen.getByRole("button", { name: "Grid" });
    const list = screen.getByRole("button", { name: "List" });
    const container = () => cards()[0]?.closest("ul");
    expect(grid.getAttribute("aria-pressed")).toBe("true");
    expect(list.getAttribute("aria-pressed")).toBe("false");
    expect(container()?.classList.contains("is-grid")).toBe(true);

    fireEvent.click(list);
    expect(list.getAttribute("aria-pressed")).toBe("true");
    expect(grid.getAttribute("aria-pressed")).toBe("false");
    expect(container()?.classList.contains("is-list")).toBe(true);
    fireEvent.click(grid);
    expect(container()?.classList.contains("is-grid")).toBe(true);
  });

  it("lazy-loads covers below the first row", async () => {
    stubBlogs([ok([makePost(1), makePost(2), makePost(3), makePost(4)])]);
    renderBlog();
    await screen.findByRole("link", { name: "Copper Ritual 4" });
    const loading = cards().map((card) => card.querySelector("img")?.getAttribute("loading"));
    expect(loading).toEqual(["eager", "eager", "lazy", "lazy"]);
  });

  it("links the popular categories to the collection and creators to their signup", async () => {
    stubBlogs([ok([makePost(1)])]);
    renderBlog();
    const categories = within(
      await screen.findByRole("region", { name: "Popular Categories" }),
    ).getAllByRole("link");
    expect(categories.map((link) => link.querySelector(".category-name")?.textContent)).toEqual([
      "Copper Wellness",
      "Energy Flow",
      "Sacred Decor",
      "Rituals",
    ]);
    for (const link of categories) expect(link.getAttribute("href")).toBe("/collection");
    expect(screen.getByRole("link", { name: "Become a Creator" }).getAttribute("href")).toBe(
      "/creator-signup",
    );
  });

  it("says so when there are no posts", async () => {
    stubBlogs([ok([])]);
    renderBlog();
    expect(await screen.findByRole("heading", { name: "No Blog Posts Found" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "List" })).toBeNull();
  });

  it("toasts and shows a retry when the posts cannot be loaded", async () => {
    const fetchMock = stubBlogs([failure, ok([makePost(1)])]);
    renderBlog();

    expect(await screen.findByText("Failed to load blogs")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "The journal could not be reached" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Copper Ritual 1" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("blog post", () => {
  const hostile = makePost(2, {
    title: "Lighting Diyas",
    content:
      '<h2>The flame</h2><p onclick="steal()">Light it at dusk.</p><script>steal()</script>' +
      '<img src="/images/blog/diya.svg" alt="A clay diya" onerror="steal()">' +
      '<a href="https://en.wikipedia.org/wiki/Diya_(lamp)">Read more</a>' +
      '<a href="javascript:steal()">Click me</a>',
  });

  it("opens in place with sanitised content, in the URL, and goes back to the list", async () => {
    stubBlogs([ok([makePost(1), hostile])]);
    const router = renderBlog();

    fireEvent.click(await screen.findByRole("link", { name: "Lighting Diyas" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Lighting Diyas" });
    expect(router.state.location.pathname).toBe("/blog");
    expect(router.state.location.search).toBe("?post=post2");
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(document.title).toBe("Lighting Diyas — Tamra & Tara"));

    const article = screen.getByRole("article", { name: "Lighting Diyas" });
    expect(within(article).getByRole("heading", { level: 2, name: "The flame" })).toBeTruthy();
    expect(within(article).getByText("Light it at dusk.").getAttribute("onclick")).toBeNull();
    expect(article.querySelector("script, [onerror], [onclick]")).toBeNull();
    expect(within(article).getByAltText("A clay diya")).toBeTruthy();
    const external = within(article).getByRole("link", { name: "Read more" });
    expect(external.getAttribute("target")).toBe("_blank");
    expect(external.getAttribute("rel")).toBe("noopener noreferrer");
    expect(within(article).getByText("Click me").getAttribute("href")).toBeNull();
    expect(screen.queryByRole("link", { name: "Copper Ritual 1" })).toBeNull();

    const [back] = screen.getAllByRole("button", { name: "Back to Blog" });
    await act(async () => fireEvent.click(back as HTMLElement));
    const link = await screen.findByRole("link", { name: "Lighting Diyas" });
    expect(router.state.location.search).toBe("");
    // Opened from the list, so closing stepped back instead of piling up history.
    expect(router.state.historyAction).toBe("POP");
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it("opens straight from a shared link, and Back to Blog stays on the blog", async () => {
    stubBlogs([ok([makePost(1), hostile])]);
    const router = renderBlog("/blog?post=post2");

    expect(await screen.findByRole("heading", { level: 1, name: "Lighting Diyas" })).toBeTruthy();
    const buttons = screen.getAllByRole("button", { name: "Back to Blog" });
    await act(async () => fireEvent.click(buttons[buttons.length - 1] as HTMLElement));
    expect(await screen.findByRole("link", { name: "Copper Ritual 1" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/blog");
    expect(router.state.location.search).toBe("");
  });

  it("explains a link to a post that no longer exists", async () => {
    stubBlogs([ok([makePost(1)])]);
    renderBlog("/blog?post=gone");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This post could not be found" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back to Blog" }));
    expect(await screen.findByRole("link", { name: "Copper Ritual 1" })).toBeTruthy();
  });

  it("follows links to the shop inside the article without reloading the page", async () => {
    stubBlogs([
      ok([makePost(1, { content: '<p>See our <a href="/collection?sale=true">sale</a>.</p>' })]),
    ]);
    const router = renderBlog("/blog?post=post1");
    fireEvent.click(await screen.findByRole("link", { name: "sale" }));
    await screen.findByRole("heading", { name: "Elsewhere" });
    expect(router.state.location.pathname).toBe("/collection");
    expect(router.state.location.search).toBe("?sale=true");
  });
});
