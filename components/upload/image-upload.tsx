"use client";

import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { buttonClass } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useI18n } from "@/lib/i18n/provider";
import { fill } from "@/lib/core/fill";
import { ApiRequestError } from "@/lib/query/api-fetch";
import { errorMessage } from "@/lib/forms/messages";
import { useMode } from "@/lib/query/mode";
import { formatBytes, imageRules, preCheck, type ImageKind } from "./image-rules";
import { sendWithProgress } from "./send-with-progress";

type ImageUploadProps<T> = {
  kind: ImageKind;
  /** the image now in use, or null */
  currentUrl: string | null;
  /** where the multipart request goes (`logo.0` / `favicon.0` part) and how */
  path: string;
  method: "POST" | "PATCH";
  onUploaded: (result: T) => void;
};

type State =
  | { step: "idle" }
  | { step: "sending"; name: string; fraction: number; preview: string }
  | { step: "error"; message: string };

/**
 * A logo or favicon: dropped on the zone or chosen with the button, checked quickly here, sent at
 * once with a progress bar; the server's refusal (413, 415, 422) shows beside the field.
 */
export function ImageUpload<T>({ kind, currentUrl, path, method, onUploaded }: ImageUploadProps<T>) {
  const words = useI18n().t.marketplace;
  const w = words.upload;
  const { lang, t } = useI18n();
  const { mode } = useMode();
  const notify = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const [over, setOver] = useState(false);
  const [removing, setRemoving] = useState(false);
  const rule = imageRules[kind];
  const max = formatBytes(rule.maxBytes, lang);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (state.step !== "sending") return;
    return () => URL.revokeObjectURL(state.preview);
  }, [state]);

  async function send(files: FileList | File[]) {
    const list = [...files];
    if (list.length === 0) return;
    if (list.length > 1) return setState({ step: "error", message: w.oneFile });
    const file = list[0]!;
    const check = preCheck(file, rule);
    if (!check.ok) {
      const message =
        check.reason === "svg"
          ? w.svg
          : check.reason === "type"
            ? fill(w.badType, { types: rule.label })
            : fill(w.tooLarge, { size: formatBytes(file.size, lang), max });
      return setState({ step: "error", message });
    }
    const body = new FormData();
    body.append(`${kind}.0`, file);
    abort.current?.abort();
    abort.current = new AbortController();
    setState({ step: "sending", name: file.name, fraction: 0, preview: URL.createObjectURL(file) });
    try {
      const result = await sendWithProgress<T>(path, {
        mode,
        method,
        body,
        signal: abort.current.signal,
        onProgress: (fraction) => setState((s) => (s.step === "sending" ? { ...s, fraction } : s)),
      });
      setState({ step: "idle" });
      onUploaded(result);
      notify(kind === "logo" ? w.logoSaved : w.faviconSaved);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setState({ step: "error", message: serverMessage(error) });
    } finally {
      if (input.current) input.current.value = ""; // the same file can be chosen again
    }
  }

  /** The text part `logo=none` / `favicon=none` takes the image away (the server deletes a file no link shows). */
  async function remove() {
    const body = new FormData();
    body.append(kind, "none");
    abort.current?.abort();
    abort.current = new AbortController();
    setState({ step: "idle" });
    setRemoving(true);
    try {
      const result = await sendWithProgress<T>(path, { mode, method, body, signal: abort.current.signal, onProgress: () => {} });
      onUploaded(result);
      notify(kind === "logo" ? w.logoRemoved : w.faviconRemoved);
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      setState({ step: "error", message: serverMessage(error) });
    } finally {
      setRemoving(false);
    }
  }

  function serverMessage(error: unknown): string {
    if (!(error instanceof ApiRequestError)) return w.failed;
    if (error.type === "FILE_TOO_LARGE" || error.status === 413) return fill(w.serverTooLarge, { max });
    if (error.type === "UNSUPPORTED_FILE_TYPE" || error.status === 415) return fill(w.serverType, { types: rule.label });
    if (error.type === "NETWORK") return w.network;
    if (error.type === "VALIDATION") return words.errors.image;
    if (error.status === 403) return errorMessage(error, t); // a refusal (the role), never "try again"
    return (words.errors as Record<string, string>)[error.type] ?? w.failed;
  }

  const sending = state.step === "sending";
  const shown = sending ? state.preview : currentUrl;
  const percent = sending ? Math.round(state.fraction * 100) : 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const label = kind === "logo" ? w.logo : w.favicon;

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-stone-800">
        {label}
      </span>
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (!sending) void send(event.dataTransfer.files);
        }}
        data-testid={`${kind}-dropzone`}
        className={cn(
          "flex flex-col gap-3 rounded-lg border-2 border-dashed p-3 transition-colors sm:flex-row sm:items-center",
          over ? "border-teal-600 bg-teal-50" : "border-stone-300 bg-stone-50",
          state.step === "error" && !over && "border-red-400",
        )}
      >
        <div
          className={cn(
            "grid shrink-0 place-items-center overflow-hidden rounded-md border border-stone-200 bg-white",
            kind === "logo" ? "h-16 w-32" : "size-16",
          )}
        >
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element -- a blob: preview or the API's file URL, any size
            <img
              src={shown}
              alt={sending ? "" : `${w.current} (${label})`}
              className={cn("object-contain", kind === "logo" ? "max-h-14 max-w-28" : "size-12", sending && "opacity-60")}
            />
          ) : (
            <span className="px-2 text-center text-xs text-stone-500">{w.none}</span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {sending ? (
            <>
              <p className="truncate text-sm text-stone-700">{fill(w.uploading, { name: state.name })}</p>
              <div
                role="progressbar"
                aria-label={w.progress}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent} %`}
                className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
              >
                <div className="h-full rounded-full bg-teal-700 transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </>
          ) : (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
              <span className="hidden sm:inline">{w.drop}</span>
              <span className="hidden sm:inline">{w.or}</span>
              <button
                type="button"
                onClick={() => input.current?.click()}
                aria-label={`${shown ? w.replace : w.choose} (${label})`}
                aria-describedby={[hintId, state.step === "error" ? errorId : ""].filter(Boolean).join(" ")}
                className={buttonClass("secondary", "sm")}
              >
                {shown ? w.replace : w.choose}
              </button>
              {shown && (
                <button
                  type="button"
                  onClick={() => void remove()}
                  disabled={removing}
                  aria-label={`${w.remove} (${label})`}
                  className={cn(buttonClass("ghost", "sm"), "text-red-800 hover:bg-red-50")}
                >
                  {w.remove}
                </button>
              )}
            </div>
          )}
          <p id={hintId} className="text-xs text-stone-600">
            {kind === "logo" ? w.logoHint : w.faviconHint}
          </p>
        </div>
        <input
          ref={input}
          type="file"
          hidden
          accept={[...rule.mimes, ...rule.extensions.map((e) => `.${e}`)].join(",")}
          data-testid={`${kind}-input`}
          onChange={(event) => event.target.files && void send(event.target.files)}
        />
      </div>
      {state.step === "error" && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}
