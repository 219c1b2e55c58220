import { Skeleton } from "@/components/ui/skeleton";

// Between two dashboard pages, while the next one's server part renders.
export default function Loading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-64" />
    </div>
  );
}
