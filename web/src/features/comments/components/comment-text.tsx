import { splitMentions } from '@hatchworks/shared/schemas/comments';
import { linkify } from '../utils/comment-text';

/** Plain text with its `@username` mentions highlighted (the people the comment notified). */
function WithMentions({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((part, index) =>
        part.kind === 'mention' ? (
          <strong key={index} className="comment__mention">
            {part.text}
          </strong>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A comment's plain text: paragraphs and line breaks kept (CSS), http(s) links made clickable
 * with rel="nofollow ugc noopener", `@username` mentions highlighted. Everything is a text node,
 * an anchor or a highlight: never markup.
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
          <WithMentions key={index} text={part.text} />
        ),
      )}
    </p>
  );
}
