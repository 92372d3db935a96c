/** Only same-origin paths: a crafted ?redirect=//evil.example must not turn login into an open redirect. */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
