import { DevelopersPage } from "./_components/developers-page";

// /dashboard/developers — API keys, webhooks and a link to the API reference.
export default function Page() {
  return <DevelopersPage />;
}
