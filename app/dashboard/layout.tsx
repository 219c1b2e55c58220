import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { dictionaryOf } from "@/lib/i18n";
import { RoleProvider } from "@/lib/query/role";
import { readDashboardSession } from "@/lib/server/dashboard-session";
// the frame's parts live with the pages' shared components, inside the (pages) group (see its loading.tsx)
import { DashboardProviders } from "./(pages)/_components/dashboard-providers";
import { DashboardShell } from "./(pages)/_components/dashboard-shell";

// The template is said again here: the overview, a page of the (pages) group right under this
// layout, did not get the root's "%s · Kola" once it moved into the group.
export const metadata: Metadata = { title: { default: "Dashboard · Kola", template: "%s · Kola" }, robots: { index: false } };

// Every /dashboard page needs a session: checked here, on the server, before anything renders. A
// cashier sees the counter alone: any other page sends them there (signing in lands there too).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { lang, mode, account, member, elsewhere } = await readDashboardSession();
  if (!account || !member) redirect("/login");
  if (elsewhere) redirect(elsewhere);
  const dictionary = dictionaryOf(lang);
  return (
    <DashboardProviders lang={lang} dictionary={dictionary} mode={mode}>
      {/* the member's role on this account: the pages leave out what it may not do */}
      <RoleProvider role={member.role}>
        <DashboardShell businessName={account.business_name} email={member.email}>
          {children}
        </DashboardShell>
      </RoleProvider>
    </DashboardProviders>
  );
}
