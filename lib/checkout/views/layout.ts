import { assetUrl } from "../assets";
import type { Html } from "../html";
import { imageSource } from "../images";
import { themeUrl } from "../theme";
import { renderFrame, type PageFrame } from "./frame";

/** The whole document around a checkout page, and the image origins its CSP must allow. */
export function renderPage(frame: PageFrame): { page: Html; imageOrigins: string[] } {
  const { branding } = frame;
  const logo = branding ? imageSource(branding.logo) : null;
  const favicon = branding ? imageSource(branding.favicon) : null;
  const imageOrigins = [logo?.origin, favicon?.origin].filter((o): o is string => Boolean(o));
  const page = renderFrame(frame, {
    stylesheet: assetUrl("checkout.css"),
    theme: branding ? themeUrl(branding.color) : null,
    icon: favicon?.src ?? assetUrl("icon.svg"),
    script: frame.script ? assetUrl("checkout.js") : null,
    logo: logo?.src ?? null,
  });
  return { page, imageOrigins };
}
