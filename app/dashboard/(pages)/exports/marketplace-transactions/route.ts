import { dashboardDownload } from "@/lib/exports/dashboard-download";

// GET /dashboard/exports/marketplace-transactions?from&to — the dashboard's CSV download
export const GET = dashboardDownload("marketplace-transactions");
