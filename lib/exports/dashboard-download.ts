import { assertRole } from "@/lib/accounts/authenticate";
import { findSessionAuth, readCookie, SESSION_COOKIE } from "@/lib/accounts/sessions";
import { edge, jsonErrors } from "@/lib/http/edge";
import { ApiError } from "@/lib/core/errors";
import { validate } from "@/lib/core/validation";
import { MODE_COOKIE, modeOf } from "@/lib/core/mode-cookie";
import { exportMarketplaceTransactions } from "./export-transactions";
import { exportPayments } from "./export-payments";
import { csvResponse } from "./respond";
import { exportCustomers } from "./export-customers";
import { customerExportQuery, exportOperations, exportQuery } from "./schemas";

const exporters = { payments: exportPayments, "marketplace-transactions": exportMarketplaceTransactions };
// the API's operation of the same export: the download asks the same role (a cashier gets none)
const operations = { payments: exportOperations.payments, "marketplace-transactions": exportOperations.marketplaceTransactions, customers: exportOperations.customers };

/**
 * The dashboard's download of an export: a plain GET (a form or a link, no JavaScript), so the
 * browser saves the stream as it arrives. The API's route needs the mode in a `kola-mode` header,
 * which a link cannot send; here the mode is the dashboard's own cookie, as its pages read it.
 * Read-only: a cross-site link could only start a download into the merchant's own browser.
 */
export function dashboardDownload(kind: keyof typeof operations) {
  return (req: Request) =>
    edge(req, jsonErrors, async ({ url, note }) => {
      const token = readCookie(req, SESSION_COOKIE);
      const auth = token ? await findSessionAuth(token, modeOf(readCookie(req, MODE_COOKIE))) : null;
      if (!auth) throw new ApiError("NOT_SIGNED_IN");
      note({ account_id: auth.accountId });
      assertRole(auth.role, operations[kind]);
      const params = Object.fromEntries(url.searchParams);
      if (kind === "customers") return csvResponse(exportCustomers(auth, validate(customerExportQuery, params, "query")), kind);
      const query = validate(exportQuery, params, "query");
      return csvResponse(exporters[kind](auth, query), kind, query);
    });
}
