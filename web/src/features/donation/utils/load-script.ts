const pending = new Map<string, Promise<void>>();

/**
 * Adds an async `<script src>` once per URL and resolves when it has run. A failed load is
 * forgotten, so a later visit can try again.
 */
export function loadScriptOnce(src: string): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      pending.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.body.append(script);
  });
  pending.set(src, loading);
  return loading;
}
