import type { Metadata, Viewport } from "next";
import { readLang } from "@/lib/server/dashboard-session";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Kola", template: "%s · Kola" },
  description: "Payment links and marketplaces paid by mobile money.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f766e" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={await readLang()}>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
