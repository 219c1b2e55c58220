import { cn } from "./cn";

/** A value to copy by hand (a link, a secret): read-only, selected whole on focus; `className` sets its height. */
export function ReadOnlyInput({ className, ...rest }: Omit<React.InputHTMLAttributes<HTMLInputElement>, "readOnly" | "onFocus">) {
  return (
    <input
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      className={cn("w-full min-w-0 rounded-md border border-stone-300 bg-stone-50 px-3 font-mono text-xs", className)}
      {...rest}
    />
  );
}
