// Dependency-free: the schemas the dashboard imports use it.

/** An absolute http(s) URL with a host (what links redirect to and webhooks are sent to). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}
