import { BalancePage } from "./_components/balance-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.money.balance.title);

// /dashboard/balance — available and pending money per currency, withdrawals, the ledger's movements.
export default function Page() {
  return <BalancePage />;
}
