"use client";

import { cloneElement, isValidElement, useId } from "react";
import { cn, focusRing } from "./cn";

/** The look shared by inputs, selects and textareas; red border when invalid. */
export const controlClass = cn(
  "block w-full rounded-md border border-stone-300 bg-white px-3 text-base text-stone-900 placeholder:text-stone-400 sm:text-sm",
  "aria-[invalid=true]:border-red-600 disabled:bg-stone-100 disabled:text-stone-500",
  focusRing,
);

type FieldProps = {
  label: React.ReactNode;
  /** the control: an <Input>, <Select>, <Textarea>… It gets id, aria-describedby and aria-invalid. */
  children: React.ReactElement<Record<string, unknown>>;
  description?: React.ReactNode;
  error?: string;
  className?: string;
  /** a visually hidden label (the control still has an accessible name); "sm": hidden from the sm width up only */
  hideLabel?: boolean | "sm";
};

/** A label, its control, an optional description and the error beside it, all wired for screen readers. */
export function Field({ label, children, description, error, className, hideLabel }: FieldProps) {
  const id = useId();
  const controlId = (children.props.id as string | undefined) ?? `${id}-control`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id: controlId, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })
    : children;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={controlId} className={cn("text-sm font-medium text-stone-800", hideLabel === "sm" ? "sm:sr-only" : hideLabel && "sr-only")}>
        {label}
      </label>
      {control}
      {description && (
        <p id={descriptionId} className="text-xs text-stone-600">
          {description}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A field's error, beside it; its id is what the control's aria-describedby names. */
export function FieldError({ id, children }: { id?: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  );
}

export function Input({ className, ...rest }: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(controlClass, "h-10", className)} {...rest} />;
}

export function Textarea({ className, ...rest }: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(controlClass, "min-h-20 py-2", className)} {...rest} />;
}

export function Select({ className, children, ...rest }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cn(controlClass, "h-10 pr-8", className)} {...rest}>
      {children}
    </select>
  );
}

/** A form-level error (not tied to one field), announced when it appears. */
export function FormError({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
