"use client";

import { useState } from "react";

/**
 * What a create dialog has just made (its secret or its link, shown after the form) and the dialog's
 * close, which forgets it: the next opening starts on an empty form.
 */
export function useCreated<T>(onClose: () => void) {
  const [created, setCreated] = useState<T | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return { created, setCreated, close };
}
