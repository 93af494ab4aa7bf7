export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page, so keyboard users can jump past the header. */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
