import type { Mode } from "./modes";

// Shared by the server (first render) and the browser (the switch): the dashboard's mode cookie.
export const MODE_COOKIE = "kola_mode";

export function modeOf(value: string | undefined): Mode {
  return value === "live" ? "live" : "test";
}
