import { dashboardDownload } from "@/lib/exports/dashboard-download";

// GET /dashboard/exports/customers?lang&delimiter — the customer book's CSV download (session and mode cookies)
export const GET = dashboardDownload("customers");
