import { Skeleton } from "@/components/ui/skeleton";

// Between two dashboard pages, while the next one's server part renders. It sits in the (pages)
// group, around the known pages only: showing it starts the response with a 200, and the catch-all
// [...missing] must answer its 404 before anything streams (outside the group, so outside this boundary).
export default function Loading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-64" />
    </div>
  );
}
