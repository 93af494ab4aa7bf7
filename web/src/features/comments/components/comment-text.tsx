import { linkify } from '../utils/comment-text';

/**
 * A comment's plain text: paragraphs and line breaks kept (CSS), http(s) links made clickable
 * with rel="nofollow ugc noopener". Everything is a text node or an anchor: never markup.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="comment__body">
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            rel="nofollow ugc noopener"
            target="_blank"
            className="comment__link"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
