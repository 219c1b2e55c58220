// Small stroke icons for the navigation (decorative: the link text names each item).
const paths = {
  overview: "M3 13h4v8H3zM10 8h4v13h-4zM17 3h4v18h-4z",
  counter: "M5 4h14v16H5zM8 7h8v3H8zM8 13h2M11 13h2M14 13h2M8 16h2M11 16h2M14 16h2",
  links: "M10 14a4 4 0 005.66 0l3-3a4 4 0 00-5.66-5.66l-1 1M14 10a4 4 0 00-5.66 0l-3 3a4 4 0 005.66 5.66l1-1",
  paymentPages: "M5 3h14v18H5zM8 7h8M8 11h8M8 15h4",
  customers: "M4 4h16v16H4zM12 11a2.5 2.5 0 100-5 2.5 2.5 0 000 5zM7.5 17a4.5 4.5 0 019 0",
  invoices: "M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7M9 8h3",
  marketplace: "M4 9l1.5-5h13L20 9M4 9h16M4 9v11h16V9M9 20v-6h6v6",
  marketplaceLinks: "M7 7h10v10H7zM3 12h4M17 12h4M12 3v4M12 17v4",
  sellers: "M9 11a3 3 0 100-6 3 3 0 000 6zM3 20v-1a5 5 0 0110 0v1M16 11a3 3 0 100-6M21 20v-1a5 5 0 00-4-4.9",
  deposits: "M4 6h16v12H4zM4 10h16M8 15h3",
  balance: "M4 7h14a2 2 0 012 2v9a2 2 0 01-2 2H4zM4 7l2-3h10l2 3M15 13.5h2",
  developers: "M8 8l-4 4 4 4M16 8l4 4-4 4M13 5l-2 14",
  team: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 6.5M18 14a6 6 0 013.5 6",
  settings: "M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1.5-2-3.5-2.4.8a7 7 0 00-1.6-.9L14.5 4h-5l-.5 2.9a7 7 0 00-1.6.9L5 7 3 10.5 5 12l-2 1.5L5 17l2.4-.8a7 7 0 001.6.9l.5 2.9h5l.5-2.9a7 7 0 001.6-.9L19 17l2-3.5z",
  docs: "M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h7",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10",
} as const;

export type IconName = keyof typeof paths;

export function NavIcon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}
