import { DepositsPage } from "./_components/deposits-page";
import { titled } from "@/lib/server/dashboard-session";

export const generateMetadata = () => titled((t) => t.deposits.title);

// /dashboard/deposits — look a deposit up by its track_id; the recent ones below.
export default async function Page({ searchParams }: { searchParams: Promise<{ track_id?: string }> }) {
  const { track_id } = await searchParams;
  return <DepositsPage initialTrackId={typeof track_id === "string" ? track_id : ""} />;
}
