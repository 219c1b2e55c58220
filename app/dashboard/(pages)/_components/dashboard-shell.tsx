"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/forms/messages";
import { useI18n } from "@/lib/i18n/provider";
import { useMode } from "@/lib/query/mode";
import { useRole } from "@/lib/query/role";
import { useMe } from "@/lib/query/team";
import { AccountSwitch } from "./account-switch";
import { COUNTER_PAGE, dashboardHome, hasRole, type Role } from "@/lib/core/roles";
import { LanguageSwitch } from "./language-switch";
import { useConfirmLeave } from "./leave-guard";
import { ModeBanner, ModeSwitch } from "./mode-switch";
import { NavIcon, type IconName } from "./nav-icons";

type NavItem = { href: string; key: Exclude<IconName, "logout">; exact?: boolean; role?: Role };
const items: NavItem[] = [
  { href: "/dashboard", key: "overview", exact: true },
  { href: "/dashboard/counter", key: "counter", role: "cashier" }, // the members who may collect
  { href: "/dashboard/links", key: "links" },
  { href: "/dashboard/payment-pages", key: "paymentPages" },
  { href: "/dashboard/customers", key: "customers" },
  { href: "/dashboard/invoices", key: "invoices" },
  { href: "/dashboard/marketplace", key: "marketplace", exact: true },
  { href: "/dashboard/marketplace-links", key: "marketplaceLinks" },
  { href: "/dashboard/sellers", key: "sellers" },
  { href: "/dashboard/deposits", key: "deposits" },
  { href: "/dashboard/balance", key: "balance" },
  { href: "/dashboard/developers", key: "developers" },
  { href: "/dashboard/team", key: "team" },
  { href: "/dashboard/settings", key: "settings" },
];
// a cashier sees the counter alone (the layout sends them there from any other page)
const cashierItems: NavItem[] = [{ href: COUNTER_PAGE, key: "counter" }];

/** The frame of every dashboard page: sidebar on desktop, top bar and menu on phones. */
export function DashboardShell({ businessName, email, children }: { businessName: string; email: string; children: React.ReactNode }) {
  const { t } = useI18n();
  const { mode } = useMode();
  const home = dashboardHome(useRole());
  const pathname = usePathname();
  // the phone menu is open for the page it was opened on: a navigation closes it
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const menuId = useId();
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    // a grid: the sidebar's column runs the page's whole height (however long), its content stays in view
    <div className={cn("min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]", mode === "live" && "lg:[&>aside]:border-orange-500")}>
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {t.nav.skip}
      </a>

      <aside className="hidden border-r border-stone-200 bg-white lg:block">
        <div className="sticky top-0 flex h-dvh flex-col">
          <Brand businessName={businessName} email={email} />
          <Nav pathname={pathname} />
          <SidebarFooter />
        </div>
      </aside>

      <div className="min-w-0">
        <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
          <div className="flex h-14 items-center justify-between gap-3 px-4 lg:px-8">
            <div className="flex min-w-0 items-center gap-2 lg:hidden">
              <button
                type="button"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen(!menuOpen)}
                className={cn("-ml-2 rounded-md p-2 text-stone-700 hover:bg-stone-100", focusRing)}
              >
                <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                  {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
                </svg>
                <span className="sr-only">{menuOpen ? t.nav.closeMenu : t.nav.menu}</span>
              </button>
              <Link href={home} className={cn("truncate rounded font-semibold", focusRing)}>
                <span className="text-teal-700">Kola</span> <span className="text-stone-500">·</span>{" "}
                <span className="text-stone-800">{businessName}</span>
              </Link>
            </div>
            <p className="hidden truncate text-sm text-stone-600 lg:block">{businessName}</p>
            <ModeSwitch />
          </div>
          <ModeBanner />
          {menuOpen && (
            <div id={menuId} className="border-b border-stone-200 bg-white lg:hidden">
              <Nav pathname={pathname} />
              <SidebarFooter />
            </div>
          )}
        </header>

        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}

function Brand({ businessName, email }: { businessName: string; email: string }) {
  const home = dashboardHome(useRole());
  return (
    <div className="border-b border-stone-200 px-5 py-4">
      <Link href={home} className={cn("rounded text-lg font-bold text-teal-700", focusRing)}>
        Kola
      </Link>
      <p className="mt-2 truncate text-sm font-medium text-stone-900">{businessName}</p>
      <p className="truncate text-xs text-stone-500">{email}</p>
    </div>
  );
}

function Nav({ pathname }: { pathname: string }) {
  const { t } = useI18n();
  const role = useRole();
  const cashier = role === "cashier";
  const linkClass = (active: boolean) =>
    cn(
      "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
      active ? "bg-teal-50 text-teal-900" : "text-stone-700 hover:bg-stone-100 hover:text-stone-900",
      focusRing,
    );
  return (
    <nav aria-label={t.nav.main} className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="flex flex-col gap-1">
        {(cashier ? cashierItems : items.filter((item) => !item.role || hasRole(role, item.role))).map((item) => {
          const active = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={active ? "page" : undefined} className={linkClass(active)}>
                <NavIcon name={item.key} />
                {t.nav[item.key]}
              </Link>
            </li>
          );
        })}
        {!cashier && (
          <li className="mt-2 border-t border-stone-200 pt-2">
            <a href="/docs" className={linkClass(false)}>
              <NavIcon name="docs" />
              {t.nav.docs}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

function SidebarFooter() {
  const { t } = useI18n();
  const client = useQueryClient();
  const notify = useToast();
  const [leaving, setLeaving] = useState(false);
  const confirmLeave = useConfirmLeave();
  const cashier = useRole() === "cashier";

  async function logout() {
    setLeaving(true);
    try {
      const res = await fetch("/api/auth/logout", { method: "POST", credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      client.clear();
      // one full navigation: nothing of the signed-in pages is kept (a client replace followed by a
      // refresh was two navigations, the second sometimes aborting the first)
      window.location.replace("/login");
    } catch (error) {
      setLeaving(false);
      notify(errorMessage(error, t), "error");
    }
  }

  return (
    <div className="border-t border-stone-200 px-4 py-3">
      {/* a cashier has no Settings page: the account switcher is here */}
      {cashier && <CashierAccounts />}
      <div className="flex items-center justify-between gap-2">
        <LanguageSwitch saved />
        <button
          type="button"
          onClick={() => confirmLeave(() => void logout())}
          disabled={leaving}
          className={cn("flex items-center gap-2 rounded-md px-2 py-1.5 text-sm whitespace-nowrap text-stone-700 hover:bg-stone-100", focusRing)}
        >
          <NavIcon name="logout" className="size-4" />
          {t.nav.logout}
        </button>
      </div>
    </div>
  );
}

function CashierAccounts() {
  const me = useMe();
  if (!me.data || me.data.accounts.length < 2) return null;
  return <AccountSwitch me={me.data} className="mb-3 w-full" />;
}
