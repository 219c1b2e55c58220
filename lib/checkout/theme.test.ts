import { describe, expect, it } from "vitest";
import { attrs, escapeHtml, html } from "./html";
import { imageSource } from "./images";
import { contrastRatio, normalizeHex, themeCss, themeFor } from "./theme";

describe("theme", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#0f766e", "#ffffff")).toBeCloseTo(5.47, 2);
  });

  it.each([
    ["#0f766e", { brand: "#0f766e", onBrand: "#ffffff", ink: "#0f766e", soft: "#e7f1f1" }],
    ["#ABC", { brand: "#aabbcc", onBrand: "#000000", ink: "#66707a", soft: "#f7f8fa" }],
    ["#0077ff", { brand: "#0077ff", onBrand: "#000000", ink: "#006be6", soft: "#e6f1ff" }],
    ["#fde047", { brand: "#fde047", onBrand: "#000000", ink: "#7f7024", soft: "#fffced" }],
    ["#000000", { brand: "#000000", onBrand: "#ffffff", ink: "#000000", soft: "#e6e6e6" }],
    ["nonsense", { brand: "#0f766e", onBrand: "#ffffff", ink: "#0f766e", soft: "#e7f1f1" }],
  ])("%s", (color, expected) => {
    expect(themeFor(color)).toEqual(expected);
  });

  it("keeps the button text and the coloured text readable for any colour", () => {
    for (let n = 0; n < 4096; n++) {
      const color = `#${n.toString(16).padStart(3, "0")}`;
      const theme = themeFor(color);
      expect(contrastRatio(theme.brand, theme.onBrand), color).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.ink, "#ffffff"), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("writes the theme stylesheet", () => {
    expect(themeCss(themeFor("#7c3aed"))).toBe(":root{--brand:#7c3aed;--on-brand:#ffffff;--ink:#7c3aed;--soft:#f2ebfd}\n");
    expect([normalizeHex("#AbC"), normalizeHex("7c3aed"), normalizeHex("#12345")]).toEqual(["#aabbcc", "#7c3aed", null]);
  });
});

describe("html", () => {
  it("escapes every interpolation unless it is markup already", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      "<p title=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;\">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>",
    );
    expect(html`<ul>${["a<", html`<li>b</li>`, null, false, undefined, 0]}</ul>`.value).toBe("<ul>a&lt;<li>b</li>0</ul>");
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });

  it("writes attributes, boolean ones bare, missing ones not at all", () => {
    expect(attrs({ type: "text", required: true, hidden: false, value: 'a"b', placeholder: null, maxlength: 3 }).value).toBe(
      ' type="text" required value="a&quot;b" maxlength="3"',
    );
  });
});

describe("imageSource", () => {
  const base = "https://pay.kola.example";
  it.each([
    ["", null],
    [`${base}/files/abc.png`, { src: "/files/abc.png", origin: null }],
    ["/files/abc.png", { src: "/files/abc.png", origin: null }],
    ["https://cdn.example.com/logo.png", { src: "https://cdn.example.com/logo.png", origin: "https://cdn.example.com" }],
    ["http://cdn.example.com/logo.png", null],
    ["javascript:alert(1)", null],
    ["data:image/png;base64,AAAA", null],
  ])("%j", (url, expected) => {
    expect(imageSource(url, base)).toEqual(expected);
  });
});
