import type { Metadata, Viewport } from "next";
import { readLang } from "@/lib/server/dashboard-session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Kola", template: "%s · Kola" },
  description: "Payment links and marketplaces paid by mobile money.",
  // the app's icons and manifest live in public/ (made by scripts/make-icons.mjs); the checkout links the same icons
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/manifest.webmanifest",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f766e" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={await readLang()}>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
