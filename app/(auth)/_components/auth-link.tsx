import Link from "next/link";
import { cn, focusRing } from "@/components/ui/cn";

/** A text link of the auth pages (log in, sign up, forgot password…). */
export function AuthLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} className={cn("rounded font-medium text-teal-800 underline underline-offset-2", focusRing)}>
      {children}
    </Link>
  );
}
