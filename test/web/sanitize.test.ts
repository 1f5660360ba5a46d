import "./dompurify-on-happy-dom";
import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "../../web/features/blog/sanitize";

const ORIGIN = "https://tamraandtara.com.au";
const clean = (html: string) => sanitizeArticleHtml(html, ORIGIN);

/** Parses sanitised output so assertions read the DOM rather than exact strings. */
function parse(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = clean(html);
  return container;
}

describe("sanitizeArticleHtml", () => {
  it("keeps ordinary article markup", () => {
    const html =
      "<h2>Care</h2><p>Use <strong>lemon</strong> and <em>salt</em>.</p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>Quiet</blockquote><hr>" +
      '<figure><img src="/images/blog/a.svg" alt="A copper bottle" width="600" height="400">' +
      "<figcaption>Bottle</figcaption></figure><h3>More</h3><h4>Even more</h4><p>a<br>b</p>";
    const root = parse(html);
    for (const tag of ["h2", "h3", "h4", "p", "strong", "em", "ul", "ol", "li", "blockquote"]) {
      expect(root.querySelector(tag), tag).not.toBeNull();
    }
    for (const tag of ["hr", "figure", "figcaption", "br"]) {
      expect(root.querySelector(tag), tag).not.toBeNull();
    }
    const img = root.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/images/blog/a.svg");
    expect(img?.getAttribute("alt")).toBe("A copper bottle");
    expect(img?.getAttribute("width")).toBe("600");
    expect(img?.getAttribute("height")).toBe("400");
    expect(img?.getAttribute("loading")).toBe("lazy");
  });

  it("removes scripts, styles, iframes and forms with their contents", () => {
    const root = parse(
      "<p>Safe</p><script>alert(1)</script><style>p{color:red}</style>" +
        '<iframe title="player"></iframe>' +
        '<form action="https://evil.example"><input name="card"><button>Pay</button></form>',
    );
    expect(root.querySelector("script, style, iframe, form, input, button")).toBeNull();
    expect(root.textContent).not.toContain("alert");
    expect(root.textContent).not.toContain("color:red");
    expect(root.textContent).toContain("Safe");
  });

  it("strips event handlers, style, class and id attributes", () => {
    const root = parse(
      '<p onclick="alert(1)" style="color:red" class="x" id="y" data-x="1">Hi</p>' +
        '<img src="/a.png" alt="" onerror="alert(2)">' +
        '<a href="/collection" onmouseover="alert(3)">Shop</a>',
    );
    for (const element of root.querySelectorAll("*")) {
      const names = element.getAttributeNames();
      expect(names.filter((name) => name.startsWith("on"))).toEqual([]);
      expect(names).not.toContain("style");
      expect(names).not.toContain("class");
      expect(names).not.toContain("id");
      expect(names).not.toContain("data-x");
    }
    expect(root.querySelector("p")?.textContent).toBe("Hi");
  });

  it("drops javascript: and data: URLs, however they are written", () => {
    const root = parse(
      '<a href="javascript:alert(1)">one</a>' +
        '<a href="  JaVaScRiPt:alert(1)">two</a>' +
        '<a href="&#106;avascript:alert(1)">three</a>' +
        '<a href="data:text/html;base64,PHNjcmlwdD4=">four</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="pixel">',
    );
    for (const link of root.querySelectorAll("a")) expect(link.hasAttribute("href")).toBe(false);
    expect(root.querySelector("img")?.hasAttribute("src")).toBe(false);
    expect(root.textContent).toBe("onetwothreefour");
  });

  it("opens links to other sites in a new tab without a referrer", () => {
    const root = parse(
      '<a href="https://www.ayurveda.example/copper">external</a>' +
        '<a href="/collection?category=Puja%20Essentials">internal</a>' +
        `<a href="${ORIGIN}/blog">absolute internal</a>` +
        '<a href="mailto:hello@tamraandtara.com.au">mail</a>' +
        '<a href="/x" target="_top" rel="opener">forced</a>',
    );
    const [external, internal, absolute, mail, forced] = root.querySelectorAll("a");
    expect(external?.getAttribute("target")).toBe("_blank");
    expect(external?.getAttribute("rel")).toBe("noopener noreferrer");
    for (const link of [internal, absolute, mail, forced]) {
      expect(link?.hasAttribute("target")).toBe(false);
      expect(link?.hasAttribute("rel")).toBe(false);
    }
    expect(internal?.getAttribute("href")).toBe("/collection?category=Puja%20Essentials");
    expect(mail?.getAttribute("href")).toBe("mailto:hello@tamraandtara.com.au");
  });

  it("unwraps tags outside the allow-list but keeps their text", () => {
    const root = parse(
      "<h1>Title</h1><div><span>Body</span></div><table><tr><td>x</td></tr></table>",
    );
    expect(root.querySelector("h1, div, span, table, td")).toBeNull();
    expect(root.textContent).toContain("Title");
    expect(root.textContent).toContain("Body");
  });
});
