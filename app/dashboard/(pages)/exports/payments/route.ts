import { dashboardDownload } from "@/lib/exports/dashboard-download";

// GET /dashboard/exports/payments?from&to — the dashboard's CSV download (session and mode cookies)
export const GET = dashboardDownload("payments");
