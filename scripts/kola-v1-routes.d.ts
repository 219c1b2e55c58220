// The /v1 route table scripts/build-server.ts generates from app/v1/**/route.ts into the server's
// bundle (lib/http/route-table.ts): each route file's pattern and its module.
declare module "kola:v1-routes" {
  import type { RouteModule } from "@/lib/http/dispatch";
  export const v1Routes: Record<string, RouteModule>;
}
