"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { Mode } from "./api-fetch";

import { MODE_COOKIE } from "@/lib/core/mode-cookie";

type ModeState = { mode: Mode; setMode: (mode: Mode) => void };
const ModeContext = createContext<ModeState | null>(null);

/**
 * The dashboard's test/live mode. The server reads the same cookie for the first render; every
 * query key starts with the mode, so switching refetches everything in the other mode.
 */
export function ModeProvider({ initialMode, children }: { initialMode: Mode; children: React.ReactNode }) {
  const [mode, setState] = useState<Mode>(initialMode);
  const queryClient = useQueryClient();
  const setMode = useCallback(
    (next: Mode) => {
      document.cookie = `${MODE_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
      setState(next);
      void queryClient.invalidateQueries({ queryKey: [next] }); // what was cached for that mode is stale
    },
    [queryClient],
  );
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <ModeContext.Provider value={value}>{children}</ModeContext.Provider>;
}

export function useMode(): ModeState {
  const value = useContext(ModeContext);
  if (!value) throw new Error("useMode needs a <ModeProvider>");
  return value;
}
