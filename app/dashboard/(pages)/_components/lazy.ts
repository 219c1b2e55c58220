"use client";

import { useState } from "react";

/**
 * True from the first time `value` is true on: a dialog loaded on demand (next/dynamic) stays
 * mounted afterwards, so closing it still hands focus back where it was.
 */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
